// NIP-47 — the other commands: make_invoice, lookup_invoice, list_transactions, get_balance, get_info, get_budget,
// and the wallet's errors as NIP-47 codes.

import CashuEngine
import Testing

@testable import CashuNostr

@Suite("NIP-47 request handler: other commands")
struct NWCRequestHandlerDispatchTests {
    @Test("make_invoice makes a whole-sat invoice; sub-sat, zero and a bad description hash are refused")
    func makeInvoice() async throws {
        let fixture = try await NWCTestFixture()
        let made = try await fixture.send(
            .makeInvoice(NWCMakeInvoiceParams(amount: 21_000, description: "coffee", expiry: 600)))
        guard case .transaction(let transaction) = made.result else {
            Issue.record("expected a transaction, got \(made)")
            return
        }
        #expect(made.resultType == "make_invoice")
        #expect(transaction.type == .incoming)
        #expect(transaction.amount == 21_000)
        #expect(transaction.description == "coffee")
        #expect(transaction.expiresAt == 1_750_000_600)
        #expect(try await fixture.send(.makeInvoice(NWCMakeInvoiceParams(amount: 21_500))).error?.code == .other)
        #expect(try await fixture.send(.makeInvoice(NWCMakeInvoiceParams(amount: 0))).error?.code == .other)
        let badHash = NWCMakeInvoiceParams(amount: 1_000, descriptionHash: "zz")
        #expect(try await fixture.send(.makeInvoice(badHash)).error?.code == .other)
        #expect(await fixture.wallet.madeInvoices.count == 1)
    }

    @Test("lookup_invoice by payment hash or by invoice; NOT_FOUND; one of them is required")
    func lookupInvoice() async throws {
        let fixture = try await NWCTestFixture()
        let invoice = try fixture.invoice(msat: 5_000)
        let hash = try NWCTestFixture.paymentHash(invoice)
        let known = NWCTransaction(
            type: .incoming, state: .settled, invoice: invoice, paymentHash: hash, amount: 5_000, createdAt: 1)
        await fixture.wallet.add(known)
        let byHash = try await fixture.send(.lookupInvoice(NWCLookupInvoiceParams(paymentHash: hash.uppercased())))
        #expect(byHash == .success(.lookupInvoice, .transaction(known)))
        let byInvoice = try await fixture.send(.lookupInvoice(NWCLookupInvoiceParams(invoice: invoice)))
        #expect(byInvoice == .success(.lookupInvoice, .transaction(known)))
        let unknown = Hex.encode([UInt8](repeating: 7, count: 32))
        let missing = try await fixture.send(.lookupInvoice(NWCLookupInvoiceParams(paymentHash: unknown)))
        #expect(missing.error?.code == .notFound)
        #expect(try await fixture.send(.lookupInvoice(NWCLookupInvoiceParams())).error?.code == .other)
        let mismatch = NWCLookupInvoiceParams(paymentHash: unknown, invoice: invoice)
        #expect(try await fixture.send(.lookupInvoice(mismatch)).error?.code == .other)
    }

    @Test("list_transactions passes its params to the wallet")
    func listTransactions() async throws {
        let fixture = try await NWCTestFixture()
        let incoming = NWCTransaction(type: .incoming, paymentHash: "01", amount: 1_000, createdAt: 2)
        let outgoing = NWCTransaction(type: .outgoing, paymentHash: "02", amount: 2_000, createdAt: 1)
        await fixture.wallet.add(incoming)
        await fixture.wallet.add(outgoing)
        let request = NWCRequest(
            method: .listTransactions, params: .listTransactions(NWCListTransactionsParams(type: .outgoing)))
        #expect(try await fixture.send(request) == .success(.listTransactions, .transactions([outgoing])))
    }

    @Test("get_info: the wallet's alias and network, this connection's methods and notifications")
    func getInfo() async throws {
        let fixture = try await NWCTestFixture(methods: [.getInfo, .getBalance, .signMessage])
        let response = try await fixture.send(.plain(.getInfo))
        guard case .info(let info) = response.result else {
            Issue.record("expected info, got \(response)")
            return
        }
        #expect(info.alias == "test wallet")
        #expect(info.network == "regtest")
        #expect(info.methods == [.getInfo, .getBalance])
        #expect(info.notifications == [.paymentReceived, .paymentSent])
    }

    @Test("get_budget without a budget is an empty result")
    func noBudget() async throws {
        let fixture = try await NWCTestFixture()
        #expect(try await fixture.send(.plain(.getBudget)) == .success(.getBudget, .budget(NWCBudgetInfo())))
    }

    @Test("get_budget of a budget that never renews has no renews_at")
    func neverRenews() async throws {
        let fixture = try await NWCTestFixture(budget: NWCBudget(limitSats: 10, renewal: .never))
        let response = try await fixture.send(.plain(.getBudget))
        let expected = NWCBudgetInfo(
            remainingBudgetMsats: 10_000, totalBudgetMsats: 10_000, renewsAt: nil, renewalPeriod: .never)
        #expect(response == .success(.getBudget, .budget(expected)))
    }

    @Test(
        "the wallet's errors become NIP-47 codes",
        arguments: [
            (NWCBackendError.Code.insufficientBalance, NWCErrorCode.insufficientBalance),
            (.paymentFailed, .paymentFailed), (.notFound, .notFound), (.notImplemented, .notImplemented),
            (.restricted, .restricted), (.rateLimited, .rateLimited), (.unavailable, .internal),
            (.invalidRequest, .other), (.other, .other),
        ])
    func errorCodes(_ backend: NWCBackendError.Code, _ expected: NWCErrorCode) async throws {
        let fixture = try await NWCTestFixture()
        await fixture.wallet.set(prepareError: NWCBackendError(backend, "because"))
        let invoice = try fixture.invoice(msat: 1_000)
        let response = try await fixture.send(.payInvoice(NWCPayInvoiceParams(invoice: invoice)))
        #expect(response.error == NWCResponseError(expected, "because"))
        #expect(await fixture.wallet.payments.isEmpty)
    }
}
