// NUT-03 — Swap tokens: the `POST /v1/swap` request body, with inputs stripped of what the mint must not see.

/// The body of `POST /v1/swap`: proofs to invalidate and blinded messages to sign.
///
/// Inputs are always held stripped of their NUT-12 DLEQ proof and NUT-28 `p2pk_e` (``Proof/strippedForMint``):
/// both the initializer and the decoder strip them, and the properties are read-only, so a request can never leak
/// them to the mint. Witnesses stay: the mint needs them for NUT-10 spending conditions.
package struct SwapRequest: Codable, Hashable, Sendable {
    /// The proofs being spent, as the mint sees them.
    package let inputs: [Proof]
    /// The outputs to be signed; NUT-03 says they SHOULD be in ascending amount order (privacy).
    package let outputs: [BlindedMessage]

    /// Creates a swap request.
    /// - Parameters:
    ///   - inputs: the proofs to spend; their DLEQ proofs and `p2pk_e` are removed.
    ///   - outputs: the blinded messages to be signed, in the order the signatures should come back.
    package init(inputs: [Proof], outputs: [BlindedMessage]) {
        self.inputs = inputs.map(\.strippedForMint)
        self.outputs = outputs
    }

    enum CodingKeys: String, CodingKey {
        case inputs, outputs
    }

    /// Decodes a request (e.g. one journaled before sending), stripping its inputs like ``init(inputs:outputs:)``.
    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            inputs: try container.decode([Proof].self, forKey: .inputs),
            outputs: try container.decode([BlindedMessage].self, forKey: .outputs)
        )
    }
}
