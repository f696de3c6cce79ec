// End to end: a wallet's life through the `cashu` binary against a real mint — add a mint, mint, send, receive,
// pay, balance, history, pending, refresh, recover — checking exit codes and every --json shape.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu payment flow", .timeLimit(.minutes(5)))
struct PaymentFlowTests {
    @Test("mint → send → receive → pay → balance → history, with the JSON shapes scripts rely on")
    func flow() async throws {
        let mint = try await TestMint.shared
        let alice = CLIWallet()
        let bob = CLIWallet()
        defer { alice.remove(); bob.remove() }

        let initialized = try await alice.json("wallet", "init")
        #expect(initialized["created"] as? Bool == true)
        #expect(initialized.string("dir") == alice.directory.path)

        let added = try await alice.json("mints", "add", mint.url.rawValue)
        #expect(added.string("mint") == mint.url.rawValue)
        #expect(added["default"] as? Bool == true)

        let minted = try await alice.json("mint", "1000")
        #expect(minted.uint("minted") == 1000)
        #expect(minted.string("state") == "issued")
        #expect(minted.string("unit") == "sat")

        // Exactly {"total": N, "mints": {"<url>": {"<unit>": N}}}.
        let balance = try await alice.run("balance", "--json")
        #expect(balance.status == 0)
        #expect(balance.stdout == "{\"total\": 1000, \"mints\": {\"\(mint.url.rawValue)\": {\"sat\": 1000}}}\n")

        // `send` prints the token alone.
        let sent = try await alice.run("send", "300")
        #expect(sent.status == 0, "\(sent)")
        let token = sent.stdout.trimmingCharacters(in: .newlines)
        #expect(sent.stdout == token + "\n")
        #expect(token.hasPrefix("cashuB"))
        #expect(!token.contains(" "))
        #expect(sent.stderr.isEmpty, "notes go to stderr only on a terminal: \(sent.stderr)")
        #expect(try await alice.balance() <= 700)

        let decoded = try await alice.json("decode", token)
        #expect(decoded.string("type") == "token")
        #expect(decoded.uint("amount") == 300)

        let pendingBefore = try await alice.json("pending")
        #expect(pendingBefore.array("sends")?.first?.uint("amount") == 300)

        // Bob has no wallet yet: receiving creates one, but his wallet does not know the mint until he trusts it.
        try await bob.run("receive", token).expectFailure(65)
        let received = try await bob.json("receive", "--trust", token)
        #expect(received.uint("amount").map { $0 + (received.uint("fee") ?? 0) } == 300)
        #expect((received["operations"] as? [String])?.count == 1)
        let bobBalance = try await bob.balance()
        #expect(bobBalance > 0 && bobBalance <= 300)

        let pendingAfter = try await alice.json("pending")
        #expect(pendingAfter.array("sends")?.isEmpty == true, "the claimed token is no longer pending")
        #expect(pendingAfter["checked"] as? Bool == true)

        // Pay an invoice another mint issued (an external Lightning payment for this mint).
        let beforePay = try await alice.balance()
        let invoice = try await TestMint.externalInvoice(amount: 100)
        let paid = try await alice.json("pay", "--yes", invoice)
        #expect(paid.string("state") == "paid")
        #expect(paid.uint("amount") == 100)
        let fee = try #require(paid.uint("fee"))
        #expect(fee <= (paid.uint("feeReserve") ?? 0) + 3)
        #expect(try await alice.balance() + 100 + fee == beforePay)

        let history = try await alice.json("history")
        let kinds = (history.array("entries") ?? []).compactMap { $0.string("kind") }
        #expect(kinds.contains("mint") && kinds.contains("send") && kinds.contains("melt"))
        #expect(history.array("entries")?.first?.string("kind") == "melt", "newest first")
        // The paid melt's proof of payment, as `pay` reported it (FakeWallet's preimage does not match, see docs).
        let proof = try #require(paid.string("proofOfPayment"))
        #expect(history.array("entries")?.first?.string("proofOfPayment") == proof)
        #expect(history.array("entries")?.first { $0.string("kind") == "mint" }?["proofOfPayment"] is NSNull)

        let human = try await alice.run("history")
        #expect(human.status == 0)
        #expect(human.stdout.contains("minted") && human.stdout.contains("paid"))
        #expect(human.stdout.contains("done, preimage") || human.stdout.contains("done, PREIMAGE"))

        let info = try await alice.json("info")
        #expect(info.string("defaultMint") == mint.url.rawValue)
        #expect(info.array("mints")?.first?.string("url") == mint.url.rawValue)

        let list = try await alice.json("mints", "list")
        #expect(list.array("mints")?.count == 1)

        let refreshed = try await alice.json("refresh")
        #expect(refreshed.array("errors")?.isEmpty == true)
        #expect(refreshed.object("recovered") != nil)

        let recovered = try await alice.json("recover")
        #expect(recovered.array("resolved")?.isEmpty == true)
        #expect(recovered.array("unresolved")?.isEmpty == true)
    }

    @Test("a token sent and not claimed is reclaimed with pending --reclaim")
    func reclaim() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.fund(500, at: mint.url)
        let sent = try await wallet.json("send", "200", "--memo", "lunch")
        #expect(sent.uint("amount") == 200)
        let afterSend = try await wallet.balance()
        let reclaimed = try await wallet.json("pending", "--reclaim")
        let back = try #require(reclaimed.array("reclaimed")?.first?.uint("amount"))
        #expect(back > 190 && back <= 200)
        #expect(try await wallet.balance() == afterSend + back)
        #expect(reclaimed.array("sends")?.isEmpty == true)
    }

    @Test("a token locked to a wallet's key is claimed by that wallet only")
    func lockedToken() async throws {
        let mint = try await TestMint.shared
        let alice = CLIWallet()
        let bob = CLIWallet()
        let carol = CLIWallet()
        defer { alice.remove(); bob.remove(); carol.remove() }
        try await alice.fund(300, at: mint.url)
        try await bob.json("mints", "add", mint.url.rawValue)
        try await carol.json("mints", "add", mint.url.rawValue)
        let key = try #require(try await bob.json("wallet", "pubkey").string("pubkey"))
        #expect(try await bob.json("wallet", "pubkey").string("pubkey") == key, "the same key every time")

        let sent = try await alice.json("send", "100", "--lock", key)
        #expect(sent["locked"] as? Bool == true)
        let token = try #require(sent.string("token"))
        let decoded = try await alice.json("decode", token)
        #expect(decoded.array("locks")?.first?.string("kind") == "P2PK")

        try await carol.run("receive", token).expectFailure(65)
        #expect(try await carol.balance() == 0)
        let received = try await bob.json("receive", token)
        #expect((received.uint("amount") ?? 0) > 90)
    }

    @Test("refresh mints an invoice paid while nobody waited, and reports it")
    func refreshMintsPaidQuotes() async throws {
        let mint = try await TestMint.shared
        let wallet = CLIWallet()
        defer { wallet.remove() }
        try await wallet.json("mints", "add", mint.url.rawValue)
        let quote = try await wallet.json("mint", "64", "--no-wait")
        #expect(quote.string("state") == "unpaid")
        #expect(quote.string("request")?.hasPrefix("lnbc") == true)
        _ = try await mint.waitUntilPaid(quote: try #require(quote.string("quote")))

        let refreshed = try await wallet.json("refresh")
        let minted = try #require(refreshed.array("minted")?.first, "\(refreshed)")
        #expect(minted.uint("amount") == 64)
        #expect(minted.string("unit") == "sat")
        #expect(try await wallet.balance() == 64)
        #expect(try await wallet.json("refresh").array("minted")?.isEmpty == true)
    }
}
