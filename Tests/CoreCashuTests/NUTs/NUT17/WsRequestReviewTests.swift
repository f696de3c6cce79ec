// Review tests for NUT-17 — a subscribe request's filters are mint quote ids and must not print.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-17 review: subscription filters stay out of descriptions")
struct WsRequestReviewTests {
    static let quoteID = "9d745270-1405-46de-b5c5-e2762b4f5e00"

    @Test func subscribeRequestDoesNotPrintItsFilters() {
        let request = WsRequest.subscribe(id: 1, kind: .bolt11MintQuote, subId: "sub", filters: [Self.quoteID])
        #expect(!String(describing: request).contains(Self.quoteID))
        #expect(!String(reflecting: request).contains(Self.quoteID))
        #expect(!String(describing: request.params).contains(Self.quoteID))
        #expect(String(describing: request).contains("bolt11_mint_quote"))
    }
}
