// Test support: connectors to a test mint and the quote steps tests need (paid quotes, invoices).

import CoreCashu
import Foundation

extension TestMint {
    /// A connector to this mint over the shared client.
    package func connector(
        timeouts: MintTimeouts = .default,
        cachedResponses: CachedResponseSettings? = nil
    ) -> HTTPMintConnector {
        HTTPMintConnector(
            mintURL: url,
            httpClient: TestHTTP.client,
            timeouts: timeouts,
            cachedResponses: cachedResponses
        )
    }

    /// Polls a mint quote until it is `PAID` (FakeWallet with `FAKEWALLET_BRR` pays at once, asynchronously).
    package func waitUntilPaid(quote: String, timeout: Duration = .seconds(10)) async throws
        -> MintQuoteBolt11Response
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            let state = try await BusyTestMint.retrying { try await connector().mintQuoteState(quote: quote) }
            if state.state == .paid || ContinuousClock.now > deadline { return state }
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    /// A bolt11 invoice made by this mint's FakeWallet (a mint quote's request), for another mint to pay.
    package func invoice(amount: UInt64) async throws -> String {
        try await BusyTestMint.retrying {
            try await connector().mintQuote(MintQuoteBolt11Request(amount: amount, unit: .sat)).request
        }
    }
}
