// NIP-47 — pending payments settled or released once the wallet knows their outcome.

import Testing

@testable import CashuNostr

@Suite("NIP-47 request handler: reconciling pending payments")
struct NWCRequestHandlerReconcileTests {
    @Test("paid: the budget counts its cost and a repeated request gets the preimage; failed: released; unknown: kept")
    func reconcile() async throws {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 1_000, renewal: .daily))
        await fixture.wallet.set(behaviour: .pending)
        let invoices = try (0..<3).map { _ in try fixture.invoice(msat: 100_000) }
        for invoice in invoices {
            let response = try await fixture.send(.payInvoice(NWCPayInvoiceParams(invoice: invoice)))
            #expect(response.error?.code == .other)
        }
        let budget = fixture.connection.budget
        let before = await fixture.store.ledger(connectionID: fixture.connection.id)
        #expect(before.remainingSats(budget, at: fixture.clock.now) == 694)
        let hashes = try invoices.map(NWCTestFixture.paymentHash)
        await fixture.wallet.add(
            NWCTransaction(
                type: .outgoing, state: .settled, preimage: "aa", paymentHash: hashes[0], amount: 100_000,
                feesPaid: 1_000, createdAt: 1))
        await fixture.wallet.add(
            NWCTransaction(type: .outgoing, state: .failed, paymentHash: hashes[1], amount: 100_000, createdAt: 1))

        let result = try await fixture.handler.reconcilePendingPayments(of: fixture.connection)
        #expect(result == NWCReconciliation(settled: [hashes[0]], released: [hashes[1]], stillPending: [hashes[2]]))
        let ledger = await fixture.store.ledger(connectionID: fixture.connection.id)
        // 101 sat settled + 102 sat still reserved.
        #expect(ledger.remainingSats(budget, at: fixture.clock.now) == 797)
        let again = try await fixture.send(.payInvoice(NWCPayInvoiceParams(invoice: invoices[0])))
        #expect(again == .success(.payInvoice, .payment(NWCPayResult(preimage: "aa", feesPaid: 1_000))))
        #expect(await fixture.wallet.payments.count == 3)
    }
}
