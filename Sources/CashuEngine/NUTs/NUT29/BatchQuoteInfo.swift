// NUT-29 — Batched mint: what the wallet knows about one quote it batches.

/// A quote's method, unit, amount to mint and NUT-20 lock key.
public struct BatchQuoteInfo: Hashable, Sendable {
    /// The payment method (`bolt11`, `bolt12`, ...).
    public var method: String
    /// The unit.
    public var unit: CurrencyUnit
    /// The amount to mint from this quote (the quote amount for bolt11, the mintable amount for bolt12).
    public var amount: UInt64
    /// The NUT-20 lock key, when the quote is locked.
    public var pubkey: Point?

    /// Creates quote info.
    public init(method: String, unit: CurrencyUnit, amount: UInt64, pubkey: Point? = nil) {
        self.method = method
        self.unit = unit
        self.amount = amount
        self.pubkey = pubkey
    }
}
