// NUT-02 — Keysets and fees: one entry of `GET /v1/keysets` (a keyset's metadata without its keys).

/// `{id, unit, active, input_fee_ppk?, final_expiry?}`.
package struct KeysetInfo: Codable, Hashable, Sendable {
    /// The keyset id.
    package var id: KeysetID
    /// The unit of the keyset's amounts.
    package var unit: CurrencyUnit
    /// Whether the mint signs new outputs with this keyset.
    package var active: Bool
    /// Fee per input in parts per thousand; `nil` (omitted or `null`) means no fee.
    package var inputFeePPK: UInt64?
    /// Unix time after which the mint may stop honouring the keyset's proofs.
    package var finalExpiry: UInt64?

    /// Creates keyset metadata.
    package init(
        id: KeysetID, unit: CurrencyUnit, active: Bool, inputFeePPK: UInt64? = nil, finalExpiry: UInt64? = nil
    ) {
        self.id = id
        self.unit = unit
        self.active = active
        self.inputFeePPK = inputFeePPK
        self.finalExpiry = finalExpiry
    }

    enum CodingKeys: String, CodingKey {
        case id, unit, active
        case inputFeePPK = "input_fee_ppk"
        case finalExpiry = "final_expiry"
    }
}
