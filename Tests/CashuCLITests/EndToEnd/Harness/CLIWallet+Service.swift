// Test support: `cashu daemon run` on a test wallet, with a socket listening where NOTIFY_SOCKET points.

import CashuTestSupport
import Foundation

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
}
