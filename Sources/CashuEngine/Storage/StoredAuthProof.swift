// Storage: a NUT-22 blind auth token in the wallet's pool, with the mint it is for.

import Foundation

/// A blind auth token kept for a mint until one protected request spends it.
package struct StoredAuthProof: Hashable, Sendable {
    /// The mint that signed it.
    package var mintURL: MintURL
    /// The token (with its DLEQ proof, checked when it was minted).
    package var proof: AuthProof
    /// When it was stored.
    package var createdAt: Date

    /// Creates a stored token.
    package init(mintURL: MintURL, proof: AuthProof, createdAt: Date = Date()) {
        self.mintURL = mintURL
        self.proof = proof
        self.createdAt = createdAt
    }
}
