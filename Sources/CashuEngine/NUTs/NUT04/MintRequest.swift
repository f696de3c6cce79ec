// NUT-04 — Mint tokens: the body of `POST /v1/mint/{method}` (with the NUT-20 `signature`).

/// `{quote, outputs, signature?}`.
package struct MintRequest: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The paid quote's id.
    package var quote: String
    /// The outputs to sign; their amounts sum to the quote amount.
    package var outputs: [BlindedMessage]
    /// NUT-20 signature (hex) when the quote is locked.
    package var signature: String?

    /// Creates a mint request.
    package init(quote: String, outputs: [BlindedMessage], signature: String? = nil) {
        self.quote = quote
        self.outputs = outputs
        self.signature = signature
    }

    package var description: String { "MintRequest(quote: <redacted>, outputs: \(outputs.count))" }
}
