// Storage: a NUT-22 blind auth token in the wallet's pool, with the mint it is for.

import Foundation

/// A blind auth token kept for a mint until one protected request spends it.
public struct StoredAuthProof: Hashable, Sendable {
    /// The mint that signed it.
    public var mintURL: MintURL
    /// The token (with its DLEQ proof, checked when it was minted).
    public var proof: AuthProof
    /// When it was stored.
    public var createdAt: Date

    /// Creates a stored token.
    public init(mintURL: MintURL, proof: AuthProof, createdAt: Date = Date()) {
        self.mintURL = mintURL
        self.proof = proof
        self.createdAt = createdAt
    }
}
