// NIP-47 — `pay_invoice`: amounts from the invoice, whole sats, budgets reserved and renewed, failures released,
// pending payments kept and never reported failed, one payment per invoice.

import Testing

@testable import CashuNostr

@Suite("NIP-47 request handler: pay_invoice")
struct NWCRequestHandlerPayInvoiceTests {
    private func pay(_ fixture: NWCTestFixture, _ invoice: String, amount: UInt64? = nil) async throws -> NWCResponse {
        try await fixture.send(.payInvoice(NWCPayInvoiceParams(invoice: invoice, amount: amount)))
    }

    @Test("pays the invoice's amount and answers with the preimage and the fees")
    func pays() async throws {
        let fixture = try await NWCTestFixture()
        let invoice = try fixture.invoice(msat: 21_000)
        let response = try await pay(fixture, invoice)
        let preimage = await fixture.wallet.preimage
        #expect(response == .success(.payInvoice, .payment(NWCPayResult(preimage: preimage, feesPaid: 1_000))))
        let payments = await fixture.wallet.payments
        #expect(payments.map(\.amountMsat) == [21_000])
        let spend = try #require(await fixture.store.ledger(connectionID: fixture.connection.id).spends.first)
        #expect(spend.state == .settled)
        #expect(spend.sats == 22)
        #expect(spend.paymentHash == (try NWCTestFixture.paymentHash(invoice)))
    }

    @Test("an amount that is not the invoice's is refused; an invoice without one takes the request's")
    func amounts() async throws {
        let fixture = try await NWCTestFixture()
        let invoice = try fixture.invoice(msat: 21_000)
        #expect(try await pay(fixture, invoice, amount: 20_000).error?.code == .other)
        #expect(try await pay(fixture, invoice, amount: 21_000).error == nil)
        let open = try fixture.invoice(msat: nil)
        #expect(try await pay(fixture, open).error?.code == .other)
        #expect(try await pay(fixture, open, amount: 5_000).error == nil)
        #expect(await fixture.wallet.payments.map(\.amountMsat) == [21_000, 5_000])
    }

    @Test("an amount that is not a whole number of sats is refused before the wallet is asked")
    func subSat() async throws {
        let fixture = try await NWCTestFixture()
        let response = try await pay(fixture, try fixture.invoice(msat: 21_500))
        #expect(response.error?.code == .other)
        #expect(response.error?.message.contains("whole sats") == true)
        let open = try await pay(fixture, try fixture.invoice(msat: nil), amount: 1)
        #expect(open.error?.code == .other)
        #expect(await fixture.wallet.prepared.isEmpty)
    }

    @Test("a string that is not an invoice, and an expired invoice, are refused before the wallet is asked")
    func invalidInvoices() async throws {
        let fixture = try await NWCTestFixture()
        #expect(try await pay(fixture, "lnbc1notaninvoice").error?.code == .other)
        let expiring = try fixture.invoice(msat: 1_000, expiry: 10)
        fixture.clock.advance(10)
        #expect(try await pay(fixture, expiring).error?.code == .paymentFailed)
        #expect(await fixture.wallet.prepared.isEmpty)
    }

    @Test("over budget: QUOTA_EXCEEDED and nothing paid, whether the amount or the fee reserve is too much")
    func quota() async throws {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 100, renewal: .daily))
        let tooMuch = try await pay(fixture, try fixture.invoice(msat: 101_000))
        #expect(tooMuch.error?.code == .quotaExceeded)
        #expect(await fixture.wallet.prepared.isEmpty)
        // 99 sat + 2 sat fee reserve > 100 sat: refused after the quote, before paying.
        let withReserve = try await pay(fixture, try fixture.invoice(msat: 99_000))
        #expect(withReserve.error?.code == .quotaExceeded)
        #expect(await fixture.wallet.prepared.count == 1)
        #expect(await fixture.wallet.payments.isEmpty)
        #expect(await fixture.store.ledger(connectionID: fixture.connection.id).spends.isEmpty)
    }

    @Test("the budget counts what was spent and renews the next day")
    func renewal() async throws {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 100, renewal: .daily))
        // 90 sat + 1 sat fees = 91 sat spent (2 sat were reserved for fees).
        #expect(try await pay(fixture, try fixture.invoice(msat: 90_000)).error == nil)
        let budget = try await fixture.send(.plain(.getBudget))
        guard case .budget(let info) = budget.result else {
            Issue.record("expected a budget, got \(budget)")
            return
        }
        #expect(info.remainingBudgetMsats == 9_000)
        #expect(info.totalBudgetMsats == 100_000)
        #expect(info.renewsAt == 1_749_686_400)
        #expect(try await pay(fixture, try fixture.invoice(msat: 8_000)).error?.code == .quotaExceeded)
        fixture.clock.set(1_749_686_400)
        #expect(try await pay(fixture, try fixture.invoice(msat: 8_000)).error == nil)
        #expect(await fixture.wallet.payments.count == 2)
    }

    @Test("a payment that definitely failed is PAYMENT_FAILED and gives its budget back")
    func failed() async throws {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 100, renewal: .daily))
        await fixture.wallet.set(behaviour: .fails(NWCBackendError(.paymentFailed, "no route")))
        let response = try await pay(fixture, try fixture.invoice(msat: 50_000))
        #expect(response.error == NWCResponseError(.paymentFailed, "no route"))
        #expect(await fixture.store.ledger(connectionID: fixture.connection.id).spends.isEmpty)
    }

    @Test("not enough ecash is INSUFFICIENT_BALANCE")
    func insufficient() async throws {
        let fixture = try await NWCTestFixture()
        let response = try await pay(fixture, try fixture.invoice(msat: 200_000_000))
        #expect(response.error?.code == .insufficientBalance)
        #expect(await fixture.wallet.payments.isEmpty)
    }

    @Test("a pending payment is not reported failed, keeps its budget, and is not paid again")
    func pending() async throws {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 100, renewal: .daily))
        await fixture.wallet.set(behaviour: .pending)
        let invoice = try fixture.invoice(msat: 50_000)
        let response = try await pay(fixture, invoice)
        #expect(response.error?.code == .other)
        #expect(response.error?.message.contains("in flight") == true)
        #expect(response.error?.message.contains(try NWCTestFixture.paymentHash(invoice)) == true)
        #expect(await fixture.wallet.waits == 1)
        let ledger = await fixture.store.ledger(connectionID: fixture.connection.id)
        #expect(ledger.remainingSats(fixture.connection.budget, at: fixture.clock.now) == 48)
        // The client asks again (a new request event): still in flight, not paid twice.
        #expect(try await pay(fixture, invoice).error?.code == .other)
        #expect(await fixture.wallet.payments.count == 1)
        // Even the next day the reservation stays in its own period's count, and it is never released.
        fixture.clock.advance(86_400)
        let later = await fixture.store.ledger(connectionID: fixture.connection.id)
        #expect(later.spends.map(\.state) == [.pending])
    }

    @Test("an error from pay that does not prove nothing was spent counts as pending")
    func ambiguousError() async throws {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 100, renewal: .daily))
        await fixture.wallet.set(behaviour: .fails(NWCBackendError(.unavailable, "mint went away mid-melt")))
        let response = try await pay(fixture, try fixture.invoice(msat: 50_000))
        #expect(response.error?.code == .other)
        #expect(response.error?.code != .paymentFailed)
        #expect(await fixture.store.ledger(connectionID: fixture.connection.id).spends.map(\.state) == [.pending])
    }

    @Test("a payment pending at first and paid while waited for is a success")
    func pendingThenPaid() async throws {
        let fixture = try await NWCTestFixture()
        await fixture.wallet.set(behaviour: .pendingThenPaid(feesMsat: 0))
        let response = try await pay(fixture, try fixture.invoice(msat: 50_000))
        #expect(response.error == nil)
        #expect(await fixture.store.ledger(connectionID: fixture.connection.id).spends.map(\.state) == [.settled])
    }

    @Test("the same invoice in a second request is answered with the first payment's preimage, not paid again")
    func samInvoiceTwice() async throws {
        let fixture = try await NWCTestFixture()
        let invoice = try fixture.invoice(msat: 10_000)
        let first = try await pay(fixture, invoice)
        let second = try await pay(fixture, invoice)
        #expect(first == second)
        #expect(await fixture.wallet.payments.count == 1)
    }

    @Test("concurrent requests: one invoice is paid once; a budget for one payment pays one of two")
    func concurrent() async throws {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 60, renewal: .daily))
        let invoice = try fixture.invoice(msat: 10_000)
        let events = try (0..<8).map { index in
            try fixture.event(.payInvoice(NWCPayInvoiceParams(invoice: invoice)), createdAt: fixture.clock.now - index)
        }
        await withTaskGroup(of: Void.self) { group in
            for event in events { group.addTask { _ = await fixture.handler.handle(event) } }
        }
        #expect(await fixture.wallet.payments.count == 1)

        let a = try fixture.event(.payInvoice(NWCPayInvoiceParams(invoice: try fixture.invoice(msat: 30_000))))
        let b = try fixture.event(.payInvoice(NWCPayInvoiceParams(invoice: try fixture.invoice(msat: 30_000))))
        async let first = fixture.handler.handle(a)
        async let second = fixture.handler.handle(b)
        let codes = await [first, second].map { $0.reply?.response.error?.code }
        #expect(codes.filter { $0 == nil }.count == 1)
        #expect(codes.contains(.quotaExceeded))
        #expect(await fixture.wallet.payments.count == 2)
    }
}
