// Tests for what the HTTP connector logs: fixed messages with the endpoint template, never a quote id or a body.

import CashuTestSupport
import Foundation
import Logging
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("HTTPMintConnector logging")
struct HTTPMintConnectorLoggingTests {
    @Test("Requests, failures and replays are logged by template, status, attempt and duration only")
    func secretFree() async throws {
        let quote = "secret-quote-\(UUID().uuidString)"
        let server = try LoopbackServer { index, _ in
            switch index {
            case 0: .json(#"{"detail":"quote not found","code":0}"#, status: 400)
            case 1: .close
            default: .json(#"{"signatures":[]}"#)
            }
        }
        defer { server.stop() }
        let (logger, store) = CapturingLogHandler.logger()
        let connector = HTTPMintConnector(
            mintURL: try server.url,
            httpClient: TestHTTP.client,
            timeouts: HTTPMintConnectorFaultTests.patient,
            cachedResponses: HTTPMintConnectorReplayTests.cached,
            logger: logger
        )

        _ = await HTTPMintConnectorFaultTests.failure { try await connector.mintQuoteState(quote: quote) }
        let swap = try HTTPMintConnectorReplayTests.swapRequest()
        _ = try await connector.swap(swap)

        #expect(server.requests.first?.path == "/v1/mint/quote/bolt11/\(quote)")
        let records = store.records
        #expect(
            records.map(\.message) == [
                "mint request failed", "mint request failed", "mint request replayed", "mint request succeeded",
            ]
        )
        #expect(records[0].metadata["mint.endpoint"] == "GET /v1/mint/quote/bolt11/{quote_id}")
        #expect(records[0].metadata["http.status"] == "400")
        #expect(records[0].metadata["mint.error"] == "mintRefused")
        #expect(records[0].metadata["mint.error_code"] == "0")
        #expect(records[1].metadata["mint.error"] == "transport")
        #expect(records[2].metadata["mint.attempt"] == "2")
        #expect(records[3].metadata["mint.endpoint"] == "POST /v1/swap")
        #expect(records[3].metadata["http.status"] == "200")
        #expect(records[3].metadata["duration_ms"] != nil)
        let logged = records.map { "\($0.message) \($0.metadata)" }.joined(separator: "\n")
        #expect(!logged.contains(quote))
        #expect(!logged.contains(swap.inputs[0].secret))
        #expect(!logged.contains(swap.outputs[0].B_.hex))
    }
}
