// End to end: creating a wallet, backing up its recovery phrase, restoring from it, a missing phrase, and the
// mints' default and removal — through the `cashu` binary.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu wallet lifecycle", .timeLimit(.minutes(5)))
struct WalletLifecycleTests {
    @Test("backup shows the phrase once asked; restore from it (stdin) brings the ecash back in a new directory")
    func backupAndRestore() async throws {
        let mint = try await TestMint.shared
        let original = CLIWallet()
        let restored = CLIWallet()
        defer { original.remove(); restored.remove() }
        let created = try await original.run("wallet", "init")
        #expect(created.status == 0)
        try await original.fund(300, at: mint.url)
        let balance = try await original.balance()

        let backup = try await original.run("wallet", "backup")
        #expect(backup.status == 0)
        let phrase = backup.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(phrase.split(separator: " ").count == 12)
        #expect(backup.stderr.contains("warning"), "the phrase comes with a warning")
        #expect(!created.stdout.contains(phrase) && !created.stderr.contains(phrase), "init prints nothing secret")
        let json = try await original.json("wallet", "backup")
        #expect(json.string("mnemonic") == phrase)

        let report = try await restored.json("restore", "--mint", mint.url.rawValue, stdin: phrase + "\n")
        #expect(report.array("mints")?.first?.uint("balance") == balance)
        #expect(try await restored.balance() == balance)
        #expect(try await restored.json("wallet", "backup").string("mnemonic") == phrase)

        // A phrase that belongs to another wallet is refused for this store.
        let other = try await CLIWallet.freshPhrase()
        try await restored.run("restore", stdin: other + "\n").expectFailure(65)
        try await restored.run("restore", stdin: "not a phrase\n").expectFailure(65)
        try await restored.run("restore", stdin: "").expectFailure(65)
    }

    @Test("a wallet whose phrase vanished from the secure store is not silently replaced")
    func missingMnemonic() async throws {
        let wallet = CLIWallet()
        defer { wallet.remove() }
        let initialized = try await wallet.json("wallet", "init")
        #expect(initialized.string("secureStore") == "secret-service")
        // The keyring loses the wallet's items (a reset keyring, another machine): clear them with secret-tool.
        let record = try Data(contentsOf: wallet.directory.appendingPathComponent("secure-store.json"))
        let walletID = try #require(
            (try JSONSerialization.jsonObject(with: record) as? [String: Any])?["wallet"] as? String
        )
        let cleared = try await ScriptRunner.run(
            "/usr/bin/secret-tool",
            arguments: ["clear", "wallet", walletID],
            environment: ProcessInfo.processInfo.environment
        )
        try #require(cleared.status == 0, "\(cleared.standardError)")
        let outcome = try await wallet.run("balance")
        outcome.expectFailure(74)
        #expect(outcome.stderr.contains("cashu restore"))
        try await wallet.run("balance", "--json").expectFailure(74, code: "secureStore", json: true)
        // Nothing made a new phrase in its place.
        let lookup = try await ScriptRunner.run(
            "/usr/bin/secret-tool",
            arguments: ["search", "--all", "wallet", walletID],
            environment: ProcessInfo.processInfo.environment
        )
        #expect(!lookup.standardOutput.contains("wallet = \(walletID)"))
    }

    @Test("mints default and remove")
    func mints() async throws {
        let mint = try await TestMint.shared
        let payee = try await TestMint.payee
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        let second = try await wallet.json("mints", "add", payee.url.rawValue)
        #expect(second["default"] as? Bool == false, "the first mint stays the default")
        #expect(try await wallet.json("mints", "default").string("default") == mint.url.rawValue)
        #expect(try await wallet.json("mints", "default", payee.url.rawValue).string("default") == payee.url.rawValue)
        #expect(try await wallet.json("mints").string("default") == payee.url.rawValue)

        try await wallet.fund(100, at: mint.url)
        try await wallet.run("mints", "remove", mint.url.rawValue).expectFailure(65)  // it holds ecash
        let removed = try await wallet.json("mints", "remove", payee.url.rawValue)
        #expect(removed["wasDefault"] as? Bool == true)
        #expect(try await wallet.json("mints", "list").array("mints")?.count == 1)

        // CASHU_MINT_URL picks the mint when no --mint is given.
        var scripted = wallet
        scripted.environment["CASHU_MINT_URL"] = mint.url.rawValue
        #expect(try await scripted.json("balance").uint("total") == 100)
    }

    @Test("rotate-key re-encrypts every record under the next data key; the balance and spending are unchanged")
    func rotateKey() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(100, at: mint.url)
        let first = try await wallet.json("wallet", "rotate-key")
        #expect(first.uint("generation") == 1 && (first.uint("records") ?? 0) > 0, "\(first)")
        #expect(try await wallet.balance() == 100)
        #expect(try await wallet.json("wallet", "rotate-key").uint("generation") == 2)
        let sent = try await wallet.run("send", "10")
        #expect(sent.status == 0 && sent.stdout.hasPrefix("cashuB"), "\(sent)")
    }
}
