// NUT-12 — Offline ecash signature validation: the error code for a proof that carries no DLEQ.

extension CryptoError.Code {
    /// A DLEQ check was asked of a signature or proof that carries no DLEQ proof.
    package static let dleqMissing = CryptoError.Code(rawValue: "dleqMissing")
}
