// End to end: named wallets side by side (`cashu --wallet NAME`, `CASHU_WALLET`, `cashu wallets`) against a real
// mint: each its own directory, recovery phrase and balance, on SQLite and in PostgreSQL schemas of their own.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu --wallet NAME and cashu wallets", .timeLimit(.minutes(4)))
struct NamedWalletsTests {
    /// `cashu wallets --json`'s entries by name.
    static func listed(_ wallet: CLIWallet, _ extra: String...) async throws -> [String: [String: Any]] {
        let outcome = try await wallet.run(["wallets", "--json"] + extra)
        #expect(outcome.status == 0, "\(outcome)")
        let entries = try #require(outcome.json?["wallets"] as? [[String: Any]], "\(outcome)")
        return Dictionary(
            uniqueKeysWithValues: entries.compactMap { entry in entry.string("name").map { ($0, entry) } })
    }

    @Test("two wallets in one directory: own phrases, own balances; the default one is untouched")
    func sideBySide() async throws {
        let mint = try await TestMint.shared
        let base = CLIWallet()
        defer { base.remove() }
        try await base.json("wallet", "init")
        try await base.json("mints", "add", mint.url.rawValue)
        try await base.fund(100, at: mint.url)

        let created = try await base.json("--wallet", "savings", "wallet", "init")
        #expect(created.string("dir") == base.directory.appendingPathComponent("wallets/savings").path)
        try await base.json("--wallet", "savings", "mints", "add", mint.url.rawValue)
        let minted = try await base.json("--wallet", "savings", "mint", "250")
        #expect(minted.uint("minted") == 250)

        #expect(try await base.balance() == 100)
        let savings = try await base.run("balance", "--json", environment: ["CASHU_WALLET": "savings"])
        #expect(savings.json?.uint("total") == 250, "\(savings)")
        let phrase = try await base.json("wallet", "backup").string("mnemonic")
        let savingsPhrase = try await base.json("--wallet", "savings", "wallet", "backup").string("mnemonic")
        #expect(phrase != nil && savingsPhrase != nil && phrase != savingsPhrase)

        // A token from one is received by the other.
        let sent = try await base.run("--wallet", "savings", "send", "50")
        #expect(sent.status == 0, "\(sent)")
        try await base.json("receive", sent.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(try await base.balance() == 149)

        let wallets = try await Self.listed(base)
        #expect(Set(wallets.keys) == ["default", "savings"])
        #expect(wallets["default"]?["current"] as? Bool == true)
        #expect(wallets["default"]?.uint("balance") == 149)
        #expect(wallets["savings"]?.uint("balance") == 200)
        let savingsDirectory = base.directory.appendingPathComponent("wallets/savings").path
        #expect(wallets["savings"]?.string("directory") == savingsDirectory)

        // A name not made yet is listed as the current one, without a wallet.
        let fresh = try await Self.listed(base, "--wallet", "spare")
        #expect(fresh["spare"]?["exists"] as? Bool == false)
        #expect(fresh["spare"]?["current"] as? Bool == true)
        try await base.run("--wallet", "spare", "balance").expectFailure(78)
    }

    @Test("a name that is not a-z, 0-9 and _ is refused before anything is touched", arguments: ["../x", "Big", ""])
    func badNames(name: String) async throws {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        let outcome = try await wallet.run("--wallet", name, "wallet", "init")
        if name.isEmpty {
            // An empty name is the default wallet.
            #expect(outcome.status == 0, "\(outcome)")
        } else {
            outcome.expectFailure(64)
            #expect(!FileManager.default.fileExists(atPath: wallet.directory.appendingPathComponent("wallets").path))
        }
    }

    @Test("on PostgreSQL a named wallet has a schema of its own beside the default one")
    func postgresSchemas() async throws {
        let mint = try await TestMint.shared
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let wallet = CLIWallet(environment: ["CASHU_DATABASE_URL": server.url("schema=\(schema)&sslmode=disable")])
        defer { wallet.remove() }
        try await wallet.json("wallet", "init")
        try await wallet.json("mints", "add", mint.url.rawValue)
        try await wallet.fund(64, at: mint.url)
        try await wallet.json("--wallet", "second", "wallet", "init")
        try await wallet.json("--wallet", "second", "mints", "add", mint.url.rawValue)
        #expect(try await wallet.json("--wallet", "second", "mint", "32").uint("minted") == 32)
        #expect(try await wallet.balance() == 64)
        let wallets = try await Self.listed(wallet)
        #expect(wallets["second"]?.uint("balance") == 32)
    }
}
