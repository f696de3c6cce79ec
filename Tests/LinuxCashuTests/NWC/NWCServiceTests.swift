// NIP-47 end to end in one process: the wallet connect service on a real relay (PyPI nostr-relay) and real mints
// (Nutshell, FakeWallet), driven by an independent client — rust-nostr's NWC client (PyPI nostr-sdk 0.45.1).

import CashuNostr
import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices
@testable import LinuxCashu

@Suite("NIP-47 wallet service with rust-nostr's client", .timeLimit(.minutes(6)))
struct NWCServiceTests {
    @Test("get_info, get_balance, pay_invoice (balance down, preimage back), lookup_invoice, make_invoice settled")
    func commands() async throws {
        let fixture = try await NWCServiceFixture.make(funds: 1000)
        defer { Task { await fixture.close() } }
        let (record, client) = try await fixture.connect(budget: NWCBudget(limitSats: 500, renewal: .daily))
        try await fixture.start()

        let info = try await client.call("get_info")
        #expect((info["methods"] as? [String])?.contains("pay_invoice") == true, "\(info)")
        #expect((info["alias"] as? String)?.contains(fixture.mint.rawValue) == true, "\(info)")
        #expect(try await client.call("get_balance").number("balance") == 1_000_000)

        let invoice = try await TestMint.externalInvoice(amount: 100)
        let paid = try await client.call("pay_invoice", invoice)
        let preimage = try #require(paid["preimage"] as? String, "\(paid)")
        #expect(preimage.count == 64)
        let fees = try #require(paid.number("fees_paid"))
        #expect(fees % 1000 == 0)
        #expect(try await fixture.balance() == 1000 - 100 - fees / 1000)
        #expect(try await client.call("get_balance").number("balance") == 900_000 - fees)
        let hash = try #require(CashuWalletBackend.paymentHash(of: invoice))
        let looked = try await client.call("lookup_invoice", hash)
        #expect(looked["state"] as? String == "settled", "\(looked)")
        #expect(looked["transaction_type"] as? String == "outgoing", "\(looked)")
        #expect(looked.number("amount") == 100_000)
        let summary = try #require(try await fixture.wallet.walletConnections().first { $0.record.id == record.id })
        #expect(summary.spentSats == 100 + fees / 1000 && summary.pendingPayments == 0)

        // FakeWallet pays the mint's own invoices at once: looking it up (or the service's watch) mints it.
        let before = try await fixture.balance()
        let made = try await client.call("make_invoice", "21000", "tip")
        let madeHash = try #require(made["payment_hash"] as? String, "\(made)")
        #expect((made["invoice"] as? String)?.hasPrefix("lnbc") == true)
        #expect(made["description"] as? String == "tip")
        let settled = await AsyncWaiting.eventually(within: .seconds(30)) {
            (try? await client.call("lookup_invoice", madeHash))?["state"] as? String == "settled"
        }
        #expect(settled)
        #expect(await AsyncWaiting.eventually(within: .seconds(30)) { (try? await fixture.balance()) == before + 21 })
        #expect(try await client.call("lookup_invoice", String(repeating: "0", count: 64)).errorCode == "NotFound")
        #expect(try await client.call("make_invoice", "1500").errorCode == "Other")
    }

    @Test("over budget: QUOTA_EXCEEDED before anything is asked of the mint; the balance stays; the budget adds up")
    func quota() async throws {
        let fixture = try await NWCServiceFixture.make(funds: 500)
        defer { Task { await fixture.close() } }
        let (_, client) = try await fixture.connect(budget: NWCBudget(limitSats: 150, renewal: .never))
        try await fixture.start()
        let quotesBefore = try await fixture.wallet.wallet.meltQuotes().count

        let tooMuch = try await client.call("pay_invoice", try await TestMint.externalInvoice(amount: 200))
        #expect(tooMuch.errorCode == "QuotaExceeded", "\(tooMuch)")
        #expect(try await fixture.balance() == 500)
        #expect(try await fixture.wallet.wallet.meltQuotes().count == quotesBefore)

        let fits = try await client.call("pay_invoice", try await TestMint.externalInvoice(amount: 100))
        let fees = try #require(fits.number("fees_paid"), "\(fits)") / 1000
        let after = try await fixture.balance()
        #expect(after == 400 - fees)
        let again = try await client.call("pay_invoice", try await TestMint.externalInvoice(amount: 100))
        #expect(again.errorCode == "QuotaExceeded", "\(again)")
        #expect(try await fixture.balance() == after)
        let summary = try #require(try await fixture.wallet.walletConnections().first)
        #expect(summary.spentSats == 100 + fees && summary.remainingSats == 50 - fees)
    }

    @Test("a request delivered again (service restarted) is not paid again; a revoked connection gets no answer")
    func replayAndRevocation() async throws {
        let fixture = try await NWCServiceFixture.make(funds: 500)
        defer { Task { await fixture.close() } }
        let (record, client) = try await fixture.connect(budget: nil)
        try await fixture.start()
        let paid = try await client.call("pay_invoice", try await TestMint.externalInvoice(amount: 100))
        #expect(paid["preimage"] != nil, "\(paid)")
        let balance = try await fixture.balance()
        let melts = try await fixture.wallet.wallet.meltQuotes().count

        // The relay still has the request: a new service asks for recent requests and gets it again.
        let pool = NostrRelayPool()
        defer { Task { await pool.shutdown() } }
        let requests = try await pool.fetch(
            [NostrFilter(kinds: [NWCEventKind.request], tags: ["p": [record.servicePublicKey.hex]])],
            from: [fixture.relay], timeout: .seconds(10)
        ).events
        let request = try #require(requests.first)
        await fixture.stop()
        let marker = fixture.events.count
        try await fixture.start()
        let replayed = await AsyncWaiting.eventually(within: .seconds(20)) {
            fixture.events.since(marker).contains(.ignored(.replay))
        }
        #expect(replayed)
        #expect(try await fixture.balance() == balance)
        #expect(try await fixture.wallet.wallet.meltQuotes().count == melts)
        let responses = try await pool.fetch(
            [NostrFilter(kinds: [NWCEventKind.response], tags: ["e": [request.id]])], from: [fixture.relay],
            timeout: .seconds(10)
        ).events
        #expect(responses.count == 1)

        // Revoked: the service stops listening for it; a request gets no answer at all (its key is gone).
        #expect(try await fixture.wallet.revokeWalletConnection(id: record.id)?.record.isRevoked == true)
        let dropped = await AsyncWaiting.eventually(within: .seconds(20)) {
            let last = fixture.events.all.last { if case .subscribed = $0 { true } else { false } }
            return last == .subscribed(connections: 0, relays: 0)
        }
        #expect(dropped)
        let afterRevocation = fixture.events.count
        let refused = try await client.call("get_balance", timeout: 5)
        #expect((refused["error"] as? String)?.contains("response not received") == true, "\(refused)")
        #expect(!fixture.events.since(afterRevocation).contains { if case .answered = $0 { true } else { false } })
    }

    @Test("a payment the mint holds in flight: never reported failed, its budget kept until reconciled as paid")
    func pendingThenReconciled() async throws {
        let mint = try await RestartableTestMint.make()
        defer { Task { await mint.remove() } }
        try await mint.start(["FAKEWALLET_PAY_INVOICE_STATE": "PENDING", "FAKEWALLET_PAYMENT_STATE": "PENDING"])
        let fixture = try await NWCServiceFixture.make(funds: 300, at: try mint.url)
        defer { Task { await fixture.close() } }
        let (record, client) = try await fixture.connect(budget: NWCBudget(limitSats: 200, renewal: .weekly))
        try await fixture.start(pendingWait: .seconds(1))
        let invoice = try await TestMint.externalInvoice(amount: 40)

        let inFlight = try await client.call("pay_invoice", invoice)
        #expect(inFlight.errorCode == "Other", "\(inFlight)")
        #expect((inFlight["error"] as? String)?.contains("in flight") == true, "\(inFlight)")
        var summary = try #require(try await fixture.wallet.walletConnections().first)
        #expect(summary.pendingPayments == 1 && summary.spentSats > 40)
        // The same invoice again is not paid twice.
        #expect(try await client.call("pay_invoice", invoice).errorCode == "Other")
        #expect(try await fixture.wallet.wallet.meltQuotes().count == 1)

        // The mint comes back paying: the service's reconciliation settles the payment and its budget.
        await mint.kill()
        _ = try await mint.start()
        let hash = try #require(CashuWalletBackend.paymentHash(of: invoice))
        let reconciled = await AsyncWaiting.eventually(within: .seconds(60)) {
            fixture.events.all.contains {
                if case .reconciled(record.id, let result) = $0 { result.settled.contains(hash) } else { false }
            }
        }
        #expect(reconciled)
        summary = try #require(try await fixture.wallet.walletConnections().first)
        #expect(summary.pendingPayments == 0 && summary.spentSats >= 40 && summary.spentSats < 200)
        #expect(try await client.call("lookup_invoice", hash)["state"] as? String == "settled")
    }

    @Test("a payment the mint fails: PAYMENT_FAILED, the balance and the budget given back")
    func failedPayment() async throws {
        let environment = ["FAKEWALLET_PAY_INVOICE_STATE": "FAILED", "FAKEWALLET_PAYMENT_STATE": "FAILED"]
        try await TestMint.with(environment: environment) { failing in
            let fixture = try await NWCServiceFixture.make(funds: 200, at: failing.url)
            defer { Task { await fixture.close() } }
            let (_, client) = try await fixture.connect(budget: NWCBudget(limitSats: 100, renewal: .daily))
            try await fixture.start()
            let failed = try await client.call("pay_invoice", try await TestMint.externalInvoice(amount: 50))
            #expect(failed.errorCode == "PaymentFailed", "\(failed)")
            #expect(try await fixture.balance() == 200)
            let summary = try #require(try await fixture.wallet.walletConnections().first)
            #expect(summary.spentSats == 0 && summary.pendingPayments == 0)
        }
    }
}
