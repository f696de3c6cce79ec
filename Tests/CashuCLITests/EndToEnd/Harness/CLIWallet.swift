// Test support: a wallet directory of its own driven through the `cashu` binary.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

/// A temporary wallet directory and the `cashu` invocations on it.
struct CLIWallet: Sendable {
    let directory: URL
    /// Variables every invocation gets (e.g. `CASHU_MINT_URL`).
    var environment: [String: String] = [:]
    /// The network namespace every invocation runs in (`ip netns exec`); this one when `nil`.
    var namespace: String?

    init(environment: [String: String] = [:], namespace: String? = nil) {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cashu-cli-wallet-\(UUID().uuidString)"
        )
        self.environment = environment
        self.namespace = namespace
    }

    /// `cashu --dir DIR arguments…`.
    func run(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:]) async throws
        -> CLIOutcome
    {
        try await run(arguments, stdin: stdin, environment: extra)
    }

    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) async throws
        -> CLIOutcome
    {
        try await CLIProcess.run(
            ["--dir", directory.path] + arguments,
            stdin: stdin,
            environment: environment.merging(extra) { _, new in new },
            namespace: namespace
        )
    }

    /// Runs with `--json`, expects exit 0 and returns the one JSON object.
    @discardableResult
    func json(_ arguments: String..., stdin: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        async throws -> [String: Any]
    {
        let outcome = try await run(arguments + ["--json"], stdin: stdin)
        #expect(outcome.status == 0, "\(arguments): \(outcome)", sourceLocation: sourceLocation)
        return try #require(
            outcome.json,
            "\(arguments) printed no single JSON object: \(outcome)",
            sourceLocation: sourceLocation
        )
    }

    /// The spendable balance in sat (`cashu balance --json`'s total).
    func balance() async throws -> UInt64 {
        let object = try await json("balance")
        return try #require((object["total"] as? NSNumber)?.uint64Value)
    }

    /// Adds the mint and mints `amount` sat.
    func fund(_ amount: UInt64, at mint: MintURL) async throws {
        var outcome = try await run("mint", String(amount), "--mint", mint.rawValue, "--json")
        for _ in 1..<3 where outcome.status != 0 && BusyTestMint.isBusy(outcome.stderr) {
            try await Task.sleep(for: .milliseconds(500))
            outcome = try await run("mint", String(amount), "--mint", mint.rawValue, "--json")
        }
        #expect(outcome.status == 0, "funding failed: \(outcome)")
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
