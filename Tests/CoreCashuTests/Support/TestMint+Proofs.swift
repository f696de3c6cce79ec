// Test support: minted proofs straight from a test mint (no wallet), for connector and crypto tests.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension TestMint {
    /// The active `sat` keyset with its keys, its id checked against the keys.
    func activeKeyset() async throws -> MintKeyset {
        let keys = try await connector().keys()
        let keyset = try #require(keys.keysets.first { $0.unit == .sat && $0.active != false })
        try keyset.verifyID()
        return keyset
    }

    /// Mints `amount` sat through an unlocked, paid quote and returns the proofs.
    func mintProofs(amount: UInt64) async throws -> (proofs: [Proof], keyset: MintKeyset) {
        try await BusyTestMint.retrying { try await mintProofsOnce(amount: amount) }
    }

    private func mintProofsOnce(amount: UInt64) async throws -> (proofs: [Proof], keyset: MintKeyset) {
        let connector = connector()
        let keyset = try await activeKeyset()
        let quote = try await connector.mintQuote(MintQuoteBolt11Request(amount: amount, unit: .sat))
        let paid = try await waitUntilPaid(quote: quote.quote)
        try #require(paid.state == .paid, "mint quote not paid; mint log:\n\(logTail())")
        let prepared = try PreparedOutputs(amount: amount, keysetID: keyset.id)
        let minted = try await connector.mint(MintRequest(quote: quote.quote, outputs: prepared.outputs))
        return (try prepared.proofs(from: minted.signatures, keyset: keyset), keyset)
    }
}
