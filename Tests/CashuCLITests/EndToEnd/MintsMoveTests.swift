// End to end: `cashu mints move` — the same Nutshell mint (database and key) restarted on another port keeps the
// wallet's balance, and sends and receives work at the new URL; a mint that is not the same one is refused.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu mints move", .timeLimit(.minutes(5)))
struct MintsMoveTests {
    @Test("a mint restarted on another port keeps the balance; sends and receives work there; others are refused")
    func moveToTheSameMintOnAnotherPort() async throws {
        let mint = try await RestartableTestMint.make()
        let wallet = CLIWallet()
        let payee = CLIWallet()
        defer { wallet.remove(); payee.remove() }
        try await mint.start()
        let old = try mint.url
        try await wallet.fund(200, at: old)
        try await wallet.json("mints", "default", old.rawValue)
        await mint.current?.stop()

        // The same database and key on another port: the mint's new URL.
        let port = try TestPort.reserve()
        let moved = try await TestMint.start(environment: [
            "MINT_DATABASE": mint.database.path, "MINT_PRIVATE_KEY": mint.key, "MINT_LISTEN_PORT": String(port),
        ])
        defer { Task { await moved.stop(); await mint.remove() } }
        let new = moved.url

        // Another mint is not this one: its keysets differ, nothing moves.
        let stranger = try await TestMint.shared
        let refused = try await wallet.run("mints", "move", old.rawValue, stranger.url.rawValue, "--json")
        refused.expectFailure(76, code: "keysetMismatch", json: true)
        #expect(try await wallet.balance() == 200)

        let report = try await wallet.json("mints", "move", old.rawValue, new.rawValue)
        #expect(report.uint("balance") == 200)
        #expect((report.uint("proofs") ?? 0) > 0)
        let mints = try #require(try await wallet.json("mints", "list").array("mints"))
        #expect(mints.map { $0.string("url") } == [new.rawValue])
        #expect(try await wallet.json("mints", "default").string("default") == new.rawValue)
        #expect(try await wallet.balance() == 200)

        // The old URL is gone from the wallet: moving it again is refused.
        try await wallet.run("mints", "move", old.rawValue, new.rawValue, "--json")
            .expectFailure(65, code: "unknownMint", json: true)

        // Spending and receiving at the new URL.
        let token = try #require(try await wallet.json("send", "50", "--mint", new.rawValue).string("token"))
        try await payee.json("mints", "add", new.rawValue)
        #expect(try await payee.json("receive", token).string("state") == "received")
        try await wallet.fund(10, at: new)
        #expect(try await wallet.balance() == 160)
    }
}
