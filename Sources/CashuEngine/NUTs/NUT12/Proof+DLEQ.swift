// NUT-12 — Offline ecash signature validation: a receiver's check of the DLEQ carried by a proof.

extension Proof {
    /// Verifies the DLEQ this proof carries, without the mint (NUT-12 "Carol verifies").
    ///
    /// Rebuilds `Y = hash_to_curve(utf8(secret))`, `B_ = Y + r·G` and `C_ = C + r·A`, then checks the DLEQ on them.
    ///
    /// - Parameter mintKey: `A`, the mint's public key for this proof's amount in its keyset.
    /// - Throws: ``CryptoError`` `.dleqMissing` if the proof has no DLEQ, `.dleqVerificationFailed` if it does not
    ///   verify.
    package func verifyDLEQ(mintKey: Point) throws(CryptoError) {
        guard let dleq else { throw CryptoError(.dleqMissing, "proof carries no DLEQ proof") }
        let B_: Point
        let C_: Point
        do {
            B_ = try BDHKE.blind(secret: secret, r: dleq.r)
            C_ = try C.point().adding(mintKey.multiplied(by: dleq.r))
        } catch where error.code == .degenerateResult {
            throw CryptoError(.dleqVerificationFailed, "proof DLEQ gives a point at infinity")
        }
        guard DLEQ.verify(A: mintKey, B_: B_, C_: C_, e: dleq.e, s: dleq.s) else {
            throw CryptoError(.dleqVerificationFailed, "proof DLEQ proof does not verify")
        }
    }
}
