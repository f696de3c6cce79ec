// NUT-12 — Offline ecash signature validation: the wallet's check of the DLEQ on a mint's blind signature.

extension BlindSignature {
    /// Verifies the mint's DLEQ proof on this signature (NUT-12 "Alice verifies"); wallets MUST do this when present.
    ///
    /// - Parameters:
    ///   - blindedMessage: the output this signature answers (its `B_` is used).
    ///   - mintKey: `A`, the mint's public key for this signature's amount in its keyset.
    /// - Throws: ``CryptoError`` `.dleqMissing` if the signature has no DLEQ, `.dleqVerificationFailed` if it does
    ///   not verify.
    package func verifyDLEQ(blindedMessage: BlindedMessage, mintKey: Point) throws(CryptoError) {
        guard let dleq else { throw CryptoError(.dleqMissing, "blind signature carries no DLEQ proof") }
        guard DLEQ.verify(A: mintKey, B_: blindedMessage.B_, C_: C_, e: dleq.e, s: dleq.s) else {
            throw CryptoError(.dleqVerificationFailed, "blind signature DLEQ proof does not verify")
        }
    }
}

extension ProofDLEQ {
    /// The DLEQ a proof carries to its receiver: the mint's `{e, s}` plus the wallet's blinding factor `r` (NUT-12).
    ///
    /// - Parameters:
    ///   - blindSignatureDLEQ: the DLEQ the mint returned with the blind signature.
    ///   - r: the blinding factor of the output; it must only ever go to the receiver, never to the mint.
    package init(_ blindSignatureDLEQ: BlindSignatureDLEQ, r: Scalar) {
        self.init(e: blindSignatureDLEQ.e, s: blindSignatureDLEQ.s, r: r)
    }
}
