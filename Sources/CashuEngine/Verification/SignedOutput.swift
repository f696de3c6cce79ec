// Verification: a mint's blind signature beside the output it answers (NUT-00, NUT-08 change, NUT-09 restore).

/// A blind signature and the output it answers, as a ``Verifier`` sees them: public values only (the output's
/// blinding factor and secret stay with the wallet).
package struct SignedOutput: Sendable, Hashable {
    /// The mint's signature.
    package var signature: BlindSignature
    /// The output it answers, with the amount the wallet asked (for NUT-08 change: the amount the mint chose).
    package var output: BlindedMessage

    /// Pairs a signature with its output.
    package init(signature: BlindSignature, output: BlindedMessage) {
        self.signature = signature
        self.output = output
    }
}
