// NUT-22 — Blind authentication: where a connector gets the one blind auth token each protected request spends.

/// Hands out blind auth tokens for a mint, one per protected request.
///
/// A token handed out is gone from the pool before the request leaves: whatever happens to the request (refused,
/// answered, lost), it is never offered again.
package protocol BlindAuthTokenSource: Sendable {
    /// One unused token for `mint`, minting more first when the pool is empty or low.
    /// - Throws: ``MintClientError`` `.authenticationRequired` when there is no token and none can be minted (no
    ///   login, a refused login); `.unreachable` when the mint could not be reached to mint more. The protected
    ///   request is then never sent.
    func blindAuthToken(for mint: MintURL) async throws(MintClientError) -> AuthProof
}
