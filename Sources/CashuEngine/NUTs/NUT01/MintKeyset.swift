// NUT-01 — Mint public keys: one keyset with its keys, as `GET /v1/keys` and `GET /v1/keys/{id}` return it.

/// A keyset with its public keys: `{id, unit, active?, input_fee_ppk?, final_expiry?, keys}`.
///
/// Older mints omit `active`, `input_fee_ppk` and `final_expiry` here; they decode as `nil`.
package struct MintKeyset: Codable, Hashable, Sendable {
    /// The id the mint claims; check it with ``verifyID()``.
    package var id: KeysetID
    /// The unit of the keyset's amounts.
    package var unit: CurrencyUnit
    /// Whether the mint signs new outputs with this keyset (`nil` when omitted).
    package var active: Bool?
    /// Fee per input in parts per thousand (`nil` when omitted: no fee).
    package var inputFeePPK: UInt64?
    /// Unix time after which the mint may stop honouring the keyset's proofs.
    package var finalExpiry: UInt64?
    /// The public keys by amount.
    package var keys: KeysetKeys

    /// Creates a keyset.
    package init(
        id: KeysetID, unit: CurrencyUnit, active: Bool? = nil, inputFeePPK: UInt64? = nil,
        finalExpiry: UInt64? = nil, keys: KeysetKeys
    ) {
        self.id = id
        self.unit = unit
        self.active = active
        self.inputFeePPK = inputFeePPK
        self.finalExpiry = finalExpiry
        self.keys = keys
    }

    enum CodingKeys: String, CodingKey {
        case id, unit, active, keys
        case inputFeePPK = "input_fee_ppk"
        case finalExpiry = "final_expiry"
    }

    /// Recomputes the id from the keys (v1 or v2, as the claimed id's version says) and compares it.
    ///
    /// - Throws: ``KeysetError`` `.idMismatch` when the ids differ or the claimed id is a short id.
    package func verifyID() throws(KeysetError) {
        let computed: KeysetID
        switch (id.version, id.isShort) {
        case (KeysetID.versionV1, _):
            computed = try KeysetID.v1(keys: keys)
        case (KeysetID.versionV2, false):
            computed = try KeysetID.v2(keys: keys, unit: unit, inputFeePPK: inputFeePPK, finalExpiry: finalExpiry)
        default:
            throw KeysetError(.idMismatch, "keyset \(id) is not a full id that can be recomputed")
        }
        guard computed == id else {
            throw KeysetError(.idMismatch, "keyset claims id \(id) but its keys give \(computed)")
        }
    }
}
