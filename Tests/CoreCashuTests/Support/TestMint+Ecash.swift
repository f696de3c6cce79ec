// Test support: connectors to a test mint and the few wallet steps tests need (paid quotes, minted proofs, invoices).

import Foundation
import Testing

@testable import CoreCashu

extension TestMint {
    /// A connector to this mint over the shared client.
    func connector(
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

    /// The active `sat` keyset with its keys, its id checked against the keys.
    func activeKeyset() async throws -> MintKeyset {
        let keys = try await connector().keys()
        let keyset = try #require(keys.keysets.first { $0.unit == .sat && $0.active != false })
        try keyset.verifyID()
        return keyset
    }

    /// Polls a mint quote until it is `PAID` (FakeWallet with `FAKEWALLET_BRR` pays at once, asynchronously).
    func waitUntilPaid(quote: String, timeout: Duration = .seconds(10)) async throws -> MintQuoteBolt11Response {
        let deadline = ContinuousClock.now + timeout
        while true {
            let state = try await connector().mintQuoteState(quote: quote)
            if state.state == .paid || ContinuousClock.now > deadline { return state }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Mints `amount` sat through an unlocked, paid quote and returns the proofs.
    func mintProofs(amount: UInt64) async throws -> (proofs: [Proof], keyset: MintKeyset) {
        let connector = connector()
        let keyset = try await activeKeyset()
        let quote = try await connector.mintQuote(MintQuoteBolt11Request(amount: amount, unit: .sat))
        let paid = try await waitUntilPaid(quote: quote.quote)
        try #require(paid.state == .paid, "mint quote not paid; mint log:\n\(logTail())")
        let prepared = try PreparedOutputs(amount: amount, keysetID: keyset.id)
        let minted = try await connector.mint(MintRequest(quote: quote.quote, outputs: prepared.outputs))
        return (try prepared.proofs(from: minted.signatures, keyset: keyset), keyset)
    }

    /// A bolt11 invoice made by this mint's FakeWallet (a mint quote's request), for another mint to pay.
    func invoice(amount: UInt64) async throws -> String {
        try await connector().mintQuote(MintQuoteBolt11Request(amount: amount, unit: .sat)).request
    }
}
