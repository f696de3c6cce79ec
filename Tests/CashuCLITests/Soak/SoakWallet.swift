// Soak (issue 17): a wallet directory on the soak's disk, driven through the `cashu` binary by several processes.

import Foundation

/// One soak wallet: its directory, its name in the report and its recovery phrase.
struct SoakWallet: Sendable {
    var name: String
    var directory: URL
    var phrase = ""

    /// Variables every soak command gets: secrets in a plaintext file (no keyring to slow or fail the run; the
    /// soak is about ecash, not secret storage) and no Nostr backup.
    static let environment = ["CASHU_SECRET_STORE": "plaintext-file", "CASHU_NOSTR_BACKUP": "off"]

    /// `cashu --dir DIR arguments…`, killed as `kill` says.
    func run(
        _ arguments: [String], stdin: String? = nil, kill: SoakKill = .none, watchdog: Duration = .seconds(240)
    ) async -> SoakProcess.Ending {
        await SoakProcess.run(
            ["--dir", directory.path] + arguments, stdin: stdin,
            environment: Self.environment.merging(kill.environment) { _, new in new }, killAfter: kill.delay,
            watchdog: watchdog)
    }

    /// Runs a command that must succeed (setup and settling: no faults, no kills) and returns its JSON.
    @discardableResult
    func json(_ arguments: String..., stdin: String? = nil) async throws -> [String: Any] {
        try await json(arguments, stdin: stdin)
    }

    @discardableResult
    func json(_ arguments: [String], stdin: String? = nil) async throws -> [String: Any] {
        let ending = await run(arguments + ["--json"], stdin: stdin)
        guard ending.outcome.status == 0, let object = ending.outcome.json else {
            throw SoakFailure(description: "\(name): cashu \(arguments.joined(separator: " ")): \(ending.outcome)")
        }
        return object
    }

    /// The spendable balance in sat.
    func balance() async throws -> UInt64 {
        let object = try await json("balance")
        guard let total = object.uint("total") else { throw SoakFailure(description: "\(name): no balance total") }
        return total
    }
}

/// The soak could not set up or settle (not a finding about the wallet: the soak itself failed).
struct SoakFailure: Error, CustomStringConvertible {
    var description: String
}
