// End to end against a real Nostr relay (PyPI nostr-relay) and two real mints: the mint list backed up on
// `mints add` and found again by `cashu restore` from the phrase alone (NUT-27); a payment request paid over Nostr
// between two wallets (NUT-18, NIP-17).

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu over Nostr", .timeLimit(.minutes(5)))
struct NostrTests {
    @Test("mints add backs the list up; restore on a new directory finds both mints with the phrase alone")
    func backupAndRestore() async throws {
        let (a, b) = (try await TestMint.shared, try await TestMint.payee)
        let relay = try await TestRelay.shared
        let environment = ["CASHU_NOSTR_RELAYS": relay.url]
        let original = CLIWallet(environment: environment)
        let restored = CLIWallet(environment: environment)
        defer { original.remove(); restored.remove() }
        try await original.fund(200, at: a.url)
        let added = try await original.run("mints", "add", b.url.rawValue, "--json")
        #expect(added.status == 0, "\(added)")
        #expect(!added.stderr.contains("not backed up"), "\(added)")
        try await original.fund(100, at: b.url)
        let phrase = try await original.json("wallet", "backup").string("mnemonic") ?? ""

        let report = try await restored.json("restore", stdin: phrase + "\n")
        let mints = Set((report.array("mints") ?? []).compactMap { $0.string("mint") })
        #expect(mints == [a.url.rawValue, b.url.rawValue], "\(report)")
        #expect(try await restored.balance() == 300)
        let relays = try await restored.json("nostr", "relays")
        #expect(relays.string("source") == "environment")
    }

    @Test("nostr backup reports a refusing relay and an unreachable one; nothing is recorded as published")
    func backupFailures() async throws {
        let mint = try await TestMint.shared
        let refusing = try await TestRelay.start(allowedKinds: [1])
        defer { Task { await refusing.stop() } }
        let down = "ws://127.0.0.1:\(try TestPort.reserve())"
        let wallet = CLIWallet(environment: ["CASHU_NOSTR_RELAYS": "\(refusing.url),\(down)"])
        defer { wallet.remove() }
        try await wallet.fund(10, at: mint.url)
        let outcome = try await wallet.run("nostr", "backup", "--json")
        #expect(outcome.status == 69, "\(outcome)")
        #expect(outcome.stdout.contains("refused") && outcome.stdout.contains("unreachable"), "\(outcome)")
        let off = try await wallet.json("nostr", "backup", "--disable")
        #expect(off["enabled"] as? Bool == false)
    }

    /// A payee with the shared mint and a funded payer on the test relay, and a Nostr request of `amount` the payer
    /// has paid: (payee, payer, request id, the pay command's JSON).
    static func paidRequest(amount: Int, funding: UInt64) async throws
        -> (payee: CLIWallet, payer: CLIWallet, id: String, paid: [String: Any])
    {
        let mint = try await TestMint.shared
        let relay = try await TestRelay.shared
        let environment = ["CASHU_NOSTR_RELAYS": relay.url]
        let payee = CLIWallet(environment: environment)
        let payer = CLIWallet(environment: environment)
        let added = try await payee.run("mints", "add", mint.url.rawValue)
        #expect(added.status == 0, "\(added)")
        try await payer.fund(funding, at: mint.url)
        let created = try await payee.json("request", "create", "--amount", "\(amount)", "--nostr", "--no-wait")
        let request = try #require(created.string("request"))
        #expect(request.hasPrefix("creqA"))
        let id = try #require(created.string("id"))
        let paid = try await payer.json("request", "pay", request, "--yes")
        return (payee, payer, id, paid)
    }

    @Test("a request with a Nostr transport is paid by another wallet and received by `request wait`")
    func paymentRequestOverNostr() async throws {
        let (payee, payer, id, paid) = try await Self.paidRequest(amount: 21, funding: 100)
        defer { payee.remove(); payer.remove() }
        #expect(paid.string("transport") == "nostr", "\(paid)")
        let received = try await payee.json("request", "wait", id, "--timeout", "20")
        #expect(received["paid"] as? Bool == true, "\(received)")
        #expect(try await payee.balance() == 21)
        #expect(try await payer.balance() < 80)
        // Paid and closed: waiting again is refused.
        try await payee.run("request", "wait", id, "--timeout", "1").expectFailure(65)
    }

    @Test(
        "killed at each step of receiving a Nostr payment: the next wait receives it exactly once",
        arguments: ["planned", "journaled", "answered", "settled"])
    func killedWhileReceiving(step: String) async throws {
        let (payee, payer, id, _) = try await Self.paidRequest(amount: 13, funding: 50)
        defer { payee.remove(); payer.remove() }
        let killed = try await payee.run(
            "request", "wait", id, "--timeout", "20", environment: ["CASHU_TEST_KILL_AT": "\(step):receive"])
        #expect(killed.status == 128 + 9, "\(killed)")
        let received = try await payee.json("request", "wait", id, "--timeout", "20")
        #expect(received["paid"] as? Bool == true, "\(received)")
        #expect(received.uint("received") == 13, "\(received)")
        #expect(try await payee.balance() == 13)
    }
}
