// Tests for the HTTP connector's endpoints: secret-free templates, percent-encoded path parameters, deadlines.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("MintEndpoint")
struct MintEndpointTests {
    @Test("A quote id goes into the path, never into the template")
    func quoteIDStaysOutOfTemplate() throws {
        let quote = "4b0f5e2a-9d5c-7a1b-b3c4-secret"
        let mint = try MintEndpoint.mintQuoteState(quote: quote)
        #expect(mint.path == "/v1/mint/quote/bolt11/\(quote)")
        #expect(mint.template == "GET /v1/mint/quote/bolt11/{quote_id}")
        let melt = try MintEndpoint.meltQuoteState(quote: quote)
        #expect(melt.path == "/v1/melt/quote/bolt11/\(quote)")
        #expect(melt.template == "GET /v1/melt/quote/bolt11/{quote_id}")
        #expect(!mint.template.contains(quote) && !melt.template.contains(quote))
    }

    @Test("A quote id chosen by the mint cannot change the path it is put into")
    func pathParameterIsEncoded() throws {
        #expect(try MintEndpoint.mintQuoteState(quote: "../../keys").path == "/v1/mint/quote/bolt11/..%2F..%2Fkeys")
        #expect(try MintEndpoint.mintQuoteState(quote: "a?b#c d").path == "/v1/mint/quote/bolt11/a%3Fb%23c%20d")
        #expect(try MintEndpoint.mintQuoteState(quote: "..").path == "/v1/mint/quote/bolt11/%2E%2E")
        #expect(try MintEndpoint.meltQuoteState(quote: "é").path == "/v1/melt/quote/bolt11/%C3%A9")
    }

    @Test("An empty or huge quote id is refused before anything is sent")
    func invalidQuoteID() {
        for quote in ["", String(repeating: "a", count: 1025)] {
            let error = #expect(throws: MintClientError.self) { try MintEndpoint.mintQuoteState(quote: quote) }
            #expect(error?.code == .invalidRequest)
            #expect(error?.endpoint == "GET /v1/mint/quote/bolt11/{quote_id}")
        }
    }

    @Test("Each endpoint has its method, path and deadline")
    func table() throws {
        let id = try KeysetID(hex: "009a1f293253e41e")
        let expected: [(MintEndpoint, String, MintEndpoint.Deadline)] = [
            (.info, "GET /v1/info", .read),
            (.keys, "GET /v1/keys", .read),
            (.keys(keysetID: id), "GET /v1/keys/{keyset_id}", .read),
            (.keysets, "GET /v1/keysets", .read),
            (.mintQuote, "POST /v1/mint/quote/bolt11", .write),
            (.mint, "POST /v1/mint/bolt11", .write),
            (.checkMintQuotes, "POST /v1/mint/quote/bolt11/check", .read),
            (.batchMint, "POST /v1/mint/bolt11/batch", .write),
            (.meltQuote, "POST /v1/melt/quote/bolt11", .write),
            (.melt(preferAsync: false), "POST /v1/melt/bolt11", .melt),
            (.melt(preferAsync: true), "POST /v1/melt/bolt11", .write),
            (.swap, "POST /v1/swap", .write),
            (.checkState, "POST /v1/checkstate", .read),
            (.restore, "POST /v1/restore", .write),
        ]
        for (endpoint, template, deadline) in expected {
            #expect(endpoint.template == template)
            #expect(endpoint.deadline == deadline, "\(template)")
        }
        #expect(MintEndpoint.keys(keysetID: id).path == "/v1/keys/009a1f293253e41e")
    }
}
