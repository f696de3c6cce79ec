// NUT-04 — Mint tokens: the body of `POST /v1/mint/quote/bolt11` (NUT-23, with the NUT-20 `pubkey` lock).

/// `{amount, unit, description?, pubkey?}`.
package struct MintQuoteBolt11Request: Codable, Hashable, Sendable {
    /// The amount to mint, in `unit`.
    package var amount: UInt64
    /// The unit to mint.
    package var unit: CurrencyUnit
    /// An invoice description; send only when the mint's settings say `description: true`.
    package var description: String?
    /// NUT-20 lock: the compressed public key whose signature the mint will require to mint.
    package var pubkey: Point?

    /// Creates a request.
    package init(amount: UInt64, unit: CurrencyUnit, description: String? = nil, pubkey: Point? = nil) {
        self.amount = amount
        self.unit = unit
        self.description = description
        self.pubkey = pubkey
    }
}
