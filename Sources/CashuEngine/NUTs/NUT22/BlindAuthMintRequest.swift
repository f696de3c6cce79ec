// NUT-22 — Blind authentication: the body of `POST /v1/auth/blind/mint` (no quote: the clear-auth login pays).

/// `{outputs}`: blinded messages of amount 1 on the mint's `auth` keyset, at most `bat_max_mint` of them.
///
/// The answer has the shape of a NUT-04 mint answer (``MintResponse``), one signature per output, each with a DLEQ
/// proof the wallet must check.
package struct BlindAuthMintRequest: Codable, Hashable, Sendable {
    /// The outputs.
    package var outputs: [BlindedMessage]

    /// Creates a request.
    package init(outputs: [BlindedMessage]) {
        self.outputs = outputs
    }
}
