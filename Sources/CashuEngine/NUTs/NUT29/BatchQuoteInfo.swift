// NUT-29 — Batched mint: what the wallet knows about one quote it batches.

/// A quote's method, unit, amount to mint and NUT-20 lock key.
package struct BatchQuoteInfo: Hashable, Sendable {
    /// The payment method (`bolt11`, `bolt12`, ...).
    package var method: String
    /// The unit.
    package var unit: CurrencyUnit
    /// The amount to mint from this quote (the quote amount for bolt11, the mintable amount for bolt12).
    package var amount: UInt64
    /// The NUT-20 lock key, when the quote is locked.
    package var pubkey: Point?

    /// Creates quote info.
    package init(method: String, unit: CurrencyUnit, amount: UInt64, pubkey: Point? = nil) {
        self.method = method
        self.unit = unit
        self.amount = amount
        self.pubkey = pubkey
    }
}
