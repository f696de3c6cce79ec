// Wallet: the wallet as the NUT-22 token source of its own connectors (held weakly: the wallet holds them).

/// Hands out a wallet's blind auth tokens to the connectors it made.
struct WalletBlindAuthTokens: BlindAuthTokenSource {
    weak var wallet: Wallet?

    func blindAuthToken(for mint: MintURL) async throws(MintClientError) -> AuthProof {
        guard let wallet else {
            throw MintClientError(
                .authenticationRequired, endpoint: "POST /v1/auth/blind/mint", "the wallet was closed")
        }
        return try await wallet.takeBlindAuthToken(mint)
    }
}
