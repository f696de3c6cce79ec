// Storage: the pool of NUT-22 blind auth tokens, per mint. A token leaves the pool when it is handed to a request.

/// Blind auth token storage.
///
/// Tokens are handed out oldest first and removed in the same step (``takeAuthProof(mintURL:)``): a token is never
/// offered twice, whatever becomes of the request that carried it.
package protocol AuthProofStore {
    /// Adds tokens; one whose secret is already in the pool is skipped.
    func addAuthProofs(_ proofs: [StoredAuthProof]) throws

    /// Removes and returns the oldest token for `mintURL`, if any.
    func takeAuthProof(mintURL: MintURL) throws -> StoredAuthProof?

    /// How many tokens the pool holds for `mintURL`.
    func authProofCount(mintURL: MintURL) throws -> Int

    /// Removes every token for `mintURL`.
    /// - Returns: how many were removed.
    func removeAuthProofs(mintURL: MintURL) throws -> Int
}
