// npub.cash v2 — reading `GET /api/v2/wallet/quotes` as the service's OpenAPI document describes it, and the service
// URL a user types.

import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("npub.cash quote list and service URL")
struct NpubCashQuotePageTests {
    static let page = """
        {"error":false,"data":{"quotes":[
          {"createdAt":1700000000,"paidAt":1700000100,"expiresAt":1700003600,"mintUrl":"https://mint.example",
           "quoteId":"q1","request":"lnbc10n1...","amount":1000,"state":"PAID","locked":true},
          {"createdAt":1700000200,"paidAt":1700000300,"expiresAt":1700003800,"mintUrl":"https://mint.example",
           "quoteId":"q2","request":"lnbc20n1...","amount":2000,"state":"issued","locked":false,
           "zapRequest":"{}"}
        ]},"metadata":{"total":2,"limit":50,"offset":0,"since":1699999999}}
        """

    @Test("a page of quotes reads every field the API names; the unit is sat when absent, the state upper case")
    func page() throws {
        let page = try JSONDecoder().decode(NpubCashQuotePage.self, from: Data(Self.page.utf8))
        #expect(page.metadata.total == 2 && page.metadata.limit == 50 && page.metadata.since == 1_699_999_999)
        let first = try #require(page.data.quotes.first)
        #expect(first.quoteID == "q1" && first.mintURL == "https://mint.example" && first.amount == 1000)
        #expect(first.unit == "sat" && first.state == "PAID" && first.paidAt == 1_700_000_100 && first.locked)
        #expect(first.expiresAt == 1_700_003_600 && first.request == "lnbc10n1...")
        #expect(page.data.quotes[1].state == "ISSUED" && !page.data.quotes[1].locked)
    }

    @Test("a quote without its id, mint or amount does not read")
    func incomplete() {
        let missing =
            #"{"data":{"quotes":[{"mintUrl":"https://m","amount":1,"state":"PAID"}]},"metadata":{"total":1,"limit":50}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(NpubCashQuotePage.self, from: Data(missing.utf8))
        }
    }

    @Test(
        "a service URL is normalised; the address's domain keeps a port that is not the default",
        arguments: [
            ("npubx.cash", "https://npubx.cash", "npubx.cash"),
            ("https://NPUBX.cash/", "https://npubx.cash", "npubx.cash"),
            ("https://npubx.cash:443", "https://npubx.cash", "npubx.cash"),
            ("http://127.0.0.1:8080", "http://127.0.0.1:8080", "127.0.0.1:8080"),
        ])
    func service(_ typed: String, _ base: String, _ domain: String) throws {
        let service = try NpubCashService(typed)
        #expect(service.baseURL == base && service.domain == domain)
        #expect(service.address(npub: "npub1x") == "npub1x@\(domain)")
        #expect(service.url("/api/v2/auth/nip98") == base + "/api/v2/auth/nip98")
    }

    @Test("anything but an http(s) URL is refused", arguments: ["ftp://npubx.cash", "https://", "https://a.b/?q=1"])
    func badService(_ typed: String) {
        #expect(throws: NpubCashError.self) { try NpubCashService(typed) }
    }
}
