// NUT-00 — Cryptography and models: a blind signature (a promise) returned by the mint for an output.

/// The mint's signature `{amount, id, C_}` on a blinded message, with an optional NUT-12 DLEQ proof.
package struct BlindSignature: Codable, Hashable, Sendable {
    package var amount: UInt64
    package var id: KeysetID
    /// The blinded signature `C_ = k·B_`.
    package var C_: Point
    /// NUT-12 proof that `C_` was made with the keyset's key for `amount`.
    package var dleq: BlindSignatureDLEQ?

    package init(amount: UInt64, id: KeysetID, C_: Point, dleq: BlindSignatureDLEQ? = nil) {
        self.amount = amount
        self.id = id
        self.C_ = C_
        self.dleq = dleq
    }

    enum CodingKeys: String, CodingKey {
        case amount, id, C_, dleq
    }
}
