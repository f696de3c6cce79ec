// NUT-05 — Melt tokens: the body of `POST /v1/melt/{method}` (`prefer_async`, NUT-08 blank `outputs`).

/// `{quote, inputs, outputs?, prefer_async?}`.
package struct MeltRequest: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The melt quote id.
    package var quote: String
    /// The proofs paying `amount + fee_reserve + input fee`.
    package var inputs: [Proof]
    /// NUT-08 blank outputs for overpaid fee change.
    package var outputs: [BlindedMessage]?
    /// Ask the mint to answer at once with `PENDING` and pay in the background (omitted means `false`).
    package var preferAsync: Bool?

    /// Creates a melt request.
    package init(quote: String, inputs: [Proof], outputs: [BlindedMessage]? = nil, preferAsync: Bool? = nil) {
        self.quote = quote
        self.inputs = inputs
        self.outputs = outputs
        self.preferAsync = preferAsync
    }

    enum CodingKeys: String, CodingKey {
        case quote, inputs, outputs
        case preferAsync = "prefer_async"
    }

    package var description: String {
        "MeltRequest(quote: <redacted>, inputs: \(inputs.count), outputs: \(outputs?.count ?? 0))"
    }
}
