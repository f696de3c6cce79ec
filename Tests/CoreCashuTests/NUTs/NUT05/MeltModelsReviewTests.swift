// Review tests for NUT-05 — melt models must not print their quote id (a bearer handle on the quote and its preimage).

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-05 review: melt quote ids stay out of descriptions")
struct MeltModelsReviewTests {
    static let quoteID = "TRLbGDVdMrZ5m0pXvQ8vN1yZyR3cT"

    @Test func meltRequestDoesNotPrintItsQuote() {
        let request = MeltRequest(quote: Self.quoteID, inputs: [])
        #expect(!request.description.contains(Self.quoteID))
        #expect(!String(reflecting: request).contains(Self.quoteID))
    }

    @Test func meltQuoteResponseDoesNotPrintItsQuote() {
        let quote = MeltQuoteResponse(quote: Self.quoteID, amount: 10, state: .unpaid)
        #expect(!quote.description.contains(Self.quoteID))
        #expect(!String(reflecting: quote).contains(Self.quoteID))
    }
}
