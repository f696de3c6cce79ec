// NUT-00 — Cryptography and models: a blinded message (an output) sent to the mint to be signed.

/// An output `{amount, id, B_}`: the blinded secret `B_ = Y + r·G` the wallet asks the mint to sign.
package struct BlindedMessage: Codable, Hashable, Sendable {
    /// The amount the mint should sign for (ignored for NUT-08 blank outputs).
    package var amount: UInt64
    /// The keyset the output should be signed with.
    package var id: KeysetID
    /// The blinded point.
    package var B_: Point
    /// Optional NUT-11 witness (outputs of SIG_ALL transactions carry none; kept for completeness).
    package var witness: String?

    package init(amount: UInt64, id: KeysetID, B_: Point, witness: String? = nil) {
        self.amount = amount
        self.id = id
        self.B_ = B_
        self.witness = witness
    }

    enum CodingKeys: String, CodingKey {
        case amount, id, B_, witness
    }
}
