// NUT-12 — Offline ecash signature validation: the DLEQ proof carried by a proof handed to another user.

/// A blind signature's DLEQ plus the blinding factor `r`, which lets a receiver re-check it offline (`{e, s, r}`).
///
/// `r` is the sender's blinding factor: it must never be sent to the mint, only to the receiver of a token.
package struct ProofDLEQ: Codable, Hashable, Sendable {
    package var e: Scalar
    package var s: Scalar
    /// The blinding factor used when the proof was minted.
    package var r: Scalar

    package init(e: Scalar, s: Scalar, r: Scalar) {
        self.e = e
        self.s = s
        self.r = r
    }
}
