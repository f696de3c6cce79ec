// End to end: `cashu npc` against a loopback stand-in for an npub.cash v2 service (NpubCashStandIn) with the real
// test mint behind it: payments to the address are claimed once, however often `claim` runs, and a claim killed at
// each of its steps (quotes recorded, then the mint's planned, journaled, answered, settled) loses nothing and mints
// nothing twice once the wallet runs again.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("cashu npc: receiving by Lightning address", .serialized, .timeLimit(.minutes(5)))
struct AddressClaimTests {
    /// A wallet holding the test mint, its address at `standIn`, and two payments to it (21 and 34 sat) the mint
    /// reports paid.
    static func paidTwice(_ standIn: NpubCashStandIn, mint: TestMint) async throws -> CLIWallet {
        let wallet = CLIWallet()
        try await wallet.json("mints", "add", mint.url.rawValue)
        let shown = try await wallet.json("npc", "address", "--service", standIn.url)
        let address = try #require(shown.string("address"))
        #expect(address.hasPrefix("npub1") && address.hasSuffix("@" + standIn.domain), "\(address)")
        let npub = String(address.prefix { $0 != "@" })
        _ = try await standIn.pay(21, to: npub)
        _ = try await standIn.pay(34, to: npub)
        try await standIn.waitUntilPaid()
        return wallet
    }

    /// The wallet holds what was paid, to the sat; claiming again claims nothing; the mint issued every quote.
    static func expectClaimedOnce(_ wallet: CLIWallet, _ standIn: NpubCashStandIn) async throws {
        #expect(try await wallet.balance() == 55)
        let again = try await wallet.json("npc", "claim")
        #expect(again.uint("amount") == 0, "\(again)")
        #expect(try await wallet.balance() == 55)
        #expect(standIn.allQuotes.allSatisfy { $0.state == "ISSUED" }, "\(standIn.allQuotes)")
    }

    @Test("the address is the wallet's npub at the service; two payments are claimed once, then nothing")
    func claimsOnce() async throws {
        let mint = try await TestMint.shared
        let standIn = try await NpubCashStandIn.start(mint: mint.url)
        let wallet = try await Self.paidTwice(standIn, mint: mint)
        defer { wallet.remove() }
        let claimed = try await wallet.json("npc", "claim")
        #expect(claimed.uint("amount") == 55, "\(claimed)")
        // The service remembered: no --service any more.
        try await Self.expectClaimedOnce(wallet, standIn)
        let human = try await wallet.run("npc", "claim")
        #expect(human.status == 0 && human.stdout.contains("Nothing to claim"), "\(human)")
        await standIn.shutdown()
    }

    @Test(
        "a claim killed at each step is finished by the next run: the balance is what was paid, to the sat",
        arguments: ["recorded:mint", "planned:mint", "journaled:mint", "answered:mint", "settled:mint"])
    func killed(_ step: String) async throws {
        let mint = try await TestMint.shared
        let standIn = try await NpubCashStandIn.start(mint: mint.url)
        let wallet = try await Self.paidTwice(standIn, mint: mint)
        defer { wallet.remove() }
        let killed = try await wallet.run("npc", "claim", environment: ["CASHU_TEST_KILL_AT": step])
        #expect(killed.status == 128 + SIGKILL, "\(killed)")
        let resumed = try await wallet.run("npc", "claim", "--json")
        #expect(resumed.status == 0, "\(resumed)")
        try await Self.expectClaimedOnce(wallet, standIn)
        await standIn.shutdown()
    }

    @Test("the wallet service claims on its own while a service is set")
    func daemonClaims() async throws {
        let mint = try await TestMint.shared
        let standIn = try await NpubCashStandIn.start(mint: mint.url)
        let wallet = try await Self.paidTwice(standIn, mint: mint)
        defer { wallet.remove() }
        let (running, notify) = try wallet.startService()
        defer { running.signal(SIGKILL) }
        #expect(await notify.wait(for: "READY=1", timeout: .seconds(60)) != nil, "\(running.stderrSoFar)")
        #expect(try await wallet.waitForBalance(55) == 55, "\(running.stderrSoFar)")
        running.signal(SIGTERM)
        _ = await running.wait()
        #expect(try await wallet.balance() == 55)
        await standIn.shutdown()
    }

    @Test("the service's refusal is shown in its own words; without a service, claim is an input error")
    func refused() async throws {
        let mint = try await TestMint.shared
        let standIn = try await NpubCashStandIn.start(mint: mint.url)
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        try await wallet.run("npc", "claim", "--json").expectFailure(65, code: "serviceNotConfigured", json: true)
        standIn.refuse("Quotes are locked")
        let refused = try await wallet.run("npc", "claim", "--service", standIn.url)
        #expect(refused.status == 66 && refused.stderr.contains("Quotes are locked"), "\(refused)")
        standIn.refuse(nil)
        let moved = try await wallet.json("npc", "set-mint", mint.url.rawValue)
        #expect(moved.string("mint") == mint.url.rawValue)
        await standIn.shutdown()
    }
}
