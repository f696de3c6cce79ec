// NUT-12 — Offline ecash signature validation: the DLEQ proof a mint attaches to a blind signature.

/// The mint's proof that `C_` was made with the same private key as the public key `A` (NUT-12 `{e, s}`).
package struct BlindSignatureDLEQ: Codable, Hashable, Sendable {
    /// The challenge.
    package var e: Scalar
    /// The response.
    package var s: Scalar

    package init(e: Scalar, s: Scalar) {
        self.e = e
        self.s = s
    }
}
