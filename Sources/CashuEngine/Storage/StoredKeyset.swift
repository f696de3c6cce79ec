// Storage: a mint's keyset as the wallet keeps it (NUT-01 keys, NUT-02 metadata), inactive ones included.

/// One keyset of one mint. Keys are present once fetched and verified against the id.
package struct StoredKeyset: Hashable, Sendable {
    /// The mint that owns it.
    package var mintURL: MintURL
    /// Its id (full, never short).
    package var id: KeysetID
    /// Its unit.
    package var unit: CurrencyUnit
    /// Whether the mint signs new outputs with it.
    package var active: Bool
    /// Fee per input in parts per thousand (NUT-02); 0 when the mint gives none.
    package var inputFeePPK: UInt64
    /// Unix time after which the mint may stop honouring it.
    package var finalExpiry: UInt64?
    /// Its public keys by amount, once fetched and checked.
    package var keys: KeysetKeys?

    /// Creates a stored keyset.
    package init(
        mintURL: MintURL, id: KeysetID, unit: CurrencyUnit, active: Bool, inputFeePPK: UInt64 = 0,
        finalExpiry: UInt64? = nil, keys: KeysetKeys? = nil
    ) {
        self.mintURL = mintURL
        self.id = id
        self.unit = unit
        self.active = active
        self.inputFeePPK = inputFeePPK
        self.finalExpiry = finalExpiry
        self.keys = keys
    }

    /// The NUT-02 metadata of this keyset.
    package var info: KeysetInfo {
        KeysetInfo(id: id, unit: unit, active: active, inputFeePPK: inputFeePPK, finalExpiry: finalExpiry)
    }
}
