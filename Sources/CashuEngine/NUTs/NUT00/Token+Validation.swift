// NUT-00 — Cryptography and models: checking every proof signature of a decoded token lies on the curve.

extension Token {
    /// Checks that every proof's `C` (and NUT-28 `p2pk_e`, already parsed) is a point on secp256k1.
    ///
    /// Decoding only checks the shape of each `C` (see `CompressedPoint`); a wallet receiving a token runs this (or
    /// a DLEQ check, which implies it) before trusting the proofs.
    ///
    /// - Throws: ``CryptoError`` `.invalidPoint` naming the first bad proof's position.
    package func validatePoints() throws(CryptoError) {
        var index = 0
        for entry in entries {
            for proof in entry.proofs {
                do {
                    _ = try proof.C.point()
                } catch {
                    throw CryptoError(.invalidPoint, "proof \(index) has a C that is not on secp256k1")
                }
                index += 1
            }
        }
    }
}
