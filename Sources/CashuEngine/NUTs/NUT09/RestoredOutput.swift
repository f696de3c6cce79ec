// NUT-09 — Restore signatures: one requested output the mint had signed, paired with its signature.

/// A requested blinded message that the mint reports it had signed, and that signature.
package struct RestoredOutput: Hashable, Sendable {
    /// The position of the output in the ``RestoreRequest`` (so the wallet finds its secret and blinding factor).
    package var requestIndex: Int
    /// The output as the wallet requested it.
    package var output: BlindedMessage
    /// The mint's signature; its `amount` is the proof's amount.
    package var signature: BlindSignature

    /// Creates a pairing.
    /// - Parameters:
    ///   - requestIndex: the output's position in the request.
    ///   - output: the requested output.
    ///   - signature: the mint's signature on it.
    package init(requestIndex: Int, output: BlindedMessage, signature: BlindSignature) {
        self.requestIndex = requestIndex
        self.output = output
        self.signature = signature
    }
}
