// NUT-04 — Mint tokens: the body the mint returns for `POST /v1/mint/{method}`.

/// `{signatures}`: one blind signature per output, in the order of the outputs.
package struct MintResponse: Codable, Hashable, Sendable {
    /// The blind signatures.
    package var signatures: [BlindSignature]

    /// Creates a response.
    package init(signatures: [BlindSignature]) {
        self.signatures = signatures
    }
}
