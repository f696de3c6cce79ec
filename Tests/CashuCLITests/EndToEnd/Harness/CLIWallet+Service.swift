// Test support: `cashu daemon run` on a test wallet, with a socket listening where NOTIFY_SOCKET points.

import CashuTestSupport
import Foundation
import Testing

extension CLIWallet {
    /// Starts the wallet service (new quotes looked for every second) with `environment` added.
    func startService(environment extra: [String: String] = [:]) throws -> (RunningCLI, NotifySocket) {
        let notify = try NotifySocket()
        let running = try CLIProcess.start(
            ["--dir", directory.path, "daemon", "run", "--scan-every", "1s"],
            environment: environment.merging(extra.merging(["NOTIFY_SOCKET": notify.path]) { _, new in new }) {
                _, new in new
            })
        return (running, notify)
    }

    /// Polls `cashu balance` (every half second, for `timeout`) until it reaches `amount`; returns the last seen.
    func waitForBalance(_ amount: UInt64, timeout: Duration = .seconds(30)) async throws -> UInt64 {
        var balance: UInt64 = 0
        let deadline = ContinuousClock.now + timeout
        while balance < amount && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(500))
            balance = try await json("balance").uint("total") ?? 0
        }
        return balance
    }
}
