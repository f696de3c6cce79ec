// Tests of Storage/StoredMeltQuote+ProofOfPayment.swift: a stored quote's preimage checked once the quote is paid.

import CashuTestSupport
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("StoredMeltQuote proof of payment")
struct StoredMeltQuoteProofOfPaymentTests {
    @Test func aStoredQuoteIsCheckedOnceItIsPaid() throws {
        let preimage = [UInt8](repeating: 0xab, count: 32)
        let invoice = try Bolt11TestInvoice.payable(amountSat: 21, preimage: preimage)
        let mint = try MintURL("https://mint.example")
        var quote = StoredMeltQuote(
            id: "q", mintURL: mint, unit: .sat, request: invoice, amount: 21, feeReserve: 2, state: .pending
        )
        #expect(quote.proofOfPayment == .notChecked)
        quote.state = .paid
        #expect(quote.proofOfPayment == .absent)
        quote.paymentPreimage = Hex.encode(preimage)
        #expect(quote.proofOfPayment == .verified)
        quote.paymentPreimage = String(repeating: "0", count: 64)
        #expect(quote.proofOfPayment == .mismatch)
        quote.method = "bolt12"
        #expect(quote.proofOfPayment == .notChecked)
    }
}
