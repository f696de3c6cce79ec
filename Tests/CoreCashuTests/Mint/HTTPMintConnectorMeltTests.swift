// Tests for NUT-05 melts through the HTTP connector against real Nutshell mints whose FakeWallet pays, stalls,
// leaves payments pending or fails them; invoices come from another mint's FakeWallet.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("HTTPMintConnector melts against Nutshell", .timeLimit(.minutes(5)))
struct HTTPMintConnectorMeltTests {
    static func failure<T>(_ operation: () async throws -> T) async -> MintClientError? {
        await HTTPMintConnectorFaultTests.failure(operation)
    }

    /// Melts all of `proofs` on `mint` to pay `invoice`, with enough blank outputs for every overpaid sat.
    static func melt(
        on mint: TestMint,
        proofs: [Proof],
        keyset: MintKeyset,
        invoice: String,
        timeouts: MintTimeouts = .default
    ) async throws -> (
        quote: MeltQuoteResponse, blanks: PreparedOutputs, result: Result<MeltQuoteResponse, MintClientError>
    ) {
        let connector = mint.connector(timeouts: timeouts)
        let quote = try await connector.meltQuote(MeltQuoteBolt11Request(request: invoice, unit: .sat))
        let fee = try InputFees.fee(for: proofs, keysets: try await connector.keysets().keysets)
        let total = proofs.reduce(0) { $0 + $1.amount }
        try #require(
            total >= quote.amount + fee + (quote.feeReserve ?? 0),
            "inputs do not cover amount, fee reserve and input fee"
        )
        let overpaid = total - quote.amount - fee
        let blanks = try PreparedOutputs(
            amounts: Array(repeating: 1, count: BlankOutputs.count(forFeeReserve: overpaid)),
            keysetID: keyset.id
        )
        let request = MeltRequest(quote: quote.quote, inputs: proofs, outputs: blanks.outputs)
        do {
            return (quote, blanks, .success(try await connector.melt(request)))
        } catch {
            return (quote, blanks, .failure(error))
        }
    }

    @Test("A melt that pays: PAID with a preimage and NUT-08 change for everything overpaid")
    func paidMelt() async throws {
        let shared = try await TestMint.shared
        let invoice = try await TestMint.with { payee in try await payee.invoice(amount: 10) }
        let (proofs, keyset) = try await shared.mintProofs(amount: 32)
        let (quote, blanks, result) = try await Self.melt(on: shared, proofs: proofs, keyset: keyset, invoice: invoice)
        #expect(quote.amount == 10)
        #expect(quote.state == .unpaid)
        let melted = try result.get()
        #expect(melted.state == .paid)
        #expect(melted.paymentPreimage != nil)
        let change = try blanks.proofs(from: melted.change ?? [], keyset: keyset, blank: true)
        let changeTotal = change.reduce(0) { $0 + $1.amount }
        // 32 in, 10 paid, 1 sat input fee; what the Lightning fee did not use of the reserve comes back.
        #expect(changeTotal <= 21 && changeTotal + (quote.feeReserve ?? 0) >= 21)
        let states = try await shared.connector().checkState(try CheckStateRequest(proofs: proofs + change))
        #expect(states.states.map(\.state) == [.spent] + Array(repeating: .unspent, count: change.count))
        #expect(try await shared.connector().meltQuoteState(quote: quote.quote).state == .paid)
    }

    @Test("A melt slower than its deadline: timeout (not definite); the mint pays anyway")
    func slowMelt() async throws {
        try await TestMint.with(environment: ["FAKEWALLET_DELAY_OUTGOING_PAYMENT": "6"]) { slow in
            try await meltSlowly(on: slow)
        }
    }

    func meltSlowly(on slow: TestMint) async throws {
        let shared = try await TestMint.shared
        let (proofs, keyset) = try await slow.mintProofs(amount: 16)
        // The payment takes 6 s, far beyond the 0.5 s deadline: an event loop starved on a loaded machine fires the
        // deadline late, and only an answer arriving before that would count as a success.
        let timeouts = MintTimeouts(melt: .milliseconds(500))
        let (quote, _, result) = try await Self.melt(
            on: slow,
            proofs: proofs,
            keyset: keyset,
            invoice: try await shared.invoice(amount: 4),
            timeouts: timeouts
        )
        guard case .failure(let error) = result else {
            Issue.record("the melt answered within 0.5 s although the payment takes 6 s")
            return
        }
        #expect(error.code == .timeout)
        #expect(error.isDefinite == false)
        #expect(error.endpoint == "POST /v1/melt/bolt11")
        // The request did reach the mint: the quote settles without the wallet sending anything again.
        var state = try await slow.connector().meltQuoteState(quote: quote.quote).state
        let deadline = ContinuousClock.now + .seconds(60)
        while state != .paid, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(100))
            state = try await slow.connector().meltQuoteState(quote: quote.quote).state
        }
        #expect(state == .paid)
    }

    @Test("A payment the Lightning backend leaves pending: PENDING melt, PENDING inputs")
    func pendingMelt() async throws {
        let environment = ["FAKEWALLET_PAY_INVOICE_STATE": "PENDING", "FAKEWALLET_PAYMENT_STATE": "PENDING"]
        try await TestMint.with(environment: environment) { pending in try await meltPending(on: pending) }
    }

    func meltPending(on pending: TestMint) async throws {
        let shared = try await TestMint.shared
        let (proofs, keyset) = try await pending.mintProofs(amount: 16)
        let (quote, _, result) = try await Self.melt(
            on: pending,
            proofs: proofs,
            keyset: keyset,
            invoice: try await shared.invoice(amount: 5)
        )
        #expect(try result.get().state == .pending)
        #expect(try await pending.connector().meltQuoteState(quote: quote.quote).state == .pending)
        let states = try await pending.connector().checkState(try CheckStateRequest(proofs: proofs))
        #expect(states.states.allSatisfy { $0.state == .pending })
    }

    @Test("A payment the Lightning backend fails: the mint refuses, the inputs stay unspent")
    func failedMelt() async throws {
        let environment = ["FAKEWALLET_PAY_INVOICE_STATE": "FAILED", "FAKEWALLET_PAYMENT_STATE": "FAILED"]
        try await TestMint.with(environment: environment) { failing in try await meltFailing(on: failing) }
    }

    func meltFailing(on failing: TestMint) async throws {
        let shared = try await TestMint.shared
        let (proofs, keyset) = try await failing.mintProofs(amount: 16)
        let (quote, _, result) = try await Self.melt(
            on: failing,
            proofs: proofs,
            keyset: keyset,
            invoice: try await shared.invoice(amount: 5)
        )
        guard case .failure(let error) = result else {
            Issue.record("a failed payment was answered as \(result)")
            return
        }
        #expect(error.code == .mintRefused)
        #expect(error.mintError?.known == .lightningPaymentFailed)
        let states = try await failing.connector().checkState(try CheckStateRequest(proofs: proofs))
        #expect(states.states.allSatisfy { $0.state == .unspent })
        #expect(try await failing.connector().meltQuoteState(quote: quote.quote).state == .unpaid)
    }
}
