// Soak (issue 17): a wallet directory on the soak's disk, driven through the `cashu` binary by several processes; on
// PostgreSQL (issue 30) its data in a schema of its own.

import Foundation

/// One soak wallet: its directory, its name in the report, its recovery phrase, and on PostgreSQL its schema.
struct SoakWallet: Sendable {
    var name: String
    var directory: URL
    /// Its schema when the soak runs on PostgreSQL (`nil`: its SQLite file in ``directory``).
    var schema: String?
    var phrase = ""
    /// The variables that put its data where the store says (`CASHU_DATABASE_URL`), on top of ``environment``.
    private var storeEnvironment: [String: String]

    /// A wallet in `directory`, and on PostgreSQL in a fresh schema (`label` names it: `a`, `b`, `r`...).
    init(name: String, directory: URL, store: SoakStore, label: String) {
        self.name = name
        self.directory = directory
        schema = store.newSchema(label)
        storeEnvironment = store.environment(schema: schema)
    }

    /// Variables every soak command gets: secrets in a plaintext file (no keyring to slow or fail the run; the
    /// soak is about ecash, not secret storage) and no Nostr backup.
    static let environment = ["CASHU_SECRET_STORE": "plaintext-file", "CASHU_NOSTR_BACKUP": "off"]

    /// `cashu --dir DIR arguments…`, killed as `kill` says.
    func run(
        _ arguments: [String], stdin: String? = nil, kill: SoakKill = .none, watchdog: Duration = .seconds(240)
    ) async -> SoakProcess.Ending {
        await SoakProcess.run(
            ["--dir", directory.path] + arguments, stdin: stdin,
            environment: Self.environment.merging(storeEnvironment) { _, new in new }
                .merging(kill.environment) { _, new in new }, killAfter: kill.delay,
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
