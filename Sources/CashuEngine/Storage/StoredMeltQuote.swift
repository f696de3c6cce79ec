// Storage: a melt quote (NUT-05/23) the wallet asked for.

import Foundation

/// A melt quote and what the wallet knows of it.
public struct StoredMeltQuote: Hashable, Sendable, CustomStringConvertible {
    /// The quote id.
    public var id: String
    /// The mint.
    public var mintURL: MintURL
    /// The unit.
    public var unit: CurrencyUnit
    /// The payment method, e.g. `bolt11`.
    package var method: String
    /// The payment request (bolt11 invoice).
    package var request: String
    /// The amount the mint will pay.
    public var amount: UInt64
    /// The most the Lightning fee may cost.
    public var feeReserve: UInt64
    /// The last state the mint reported.
    public var state: MeltQuoteState
    /// Unix time until which the quote holds.
    package var expiry: UInt64?
    /// The payment preimage, once paid.
    package var paymentPreimage: String?
    /// When the quote was created.
    package var createdAt: Date
    /// When its state last changed.
    package var updatedAt: Date

    /// Creates a stored melt quote.
    package init(
        id: String, mintURL: MintURL, unit: CurrencyUnit, method: String = "bolt11", request: String, amount: UInt64,
        feeReserve: UInt64, state: MeltQuoteState, expiry: UInt64? = nil, paymentPreimage: String? = nil,
        createdAt: Date = Date(), updatedAt: Date = Date()
    ) {
        self.id = id
        self.mintURL = mintURL
        self.unit = unit
        self.method = method
        self.request = request
        self.amount = amount
        self.feeReserve = feeReserve
        self.state = state
        self.expiry = expiry
        self.paymentPreimage = paymentPreimage
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var description: String { "StoredMeltQuote(<redacted>, \(amount)+\(feeReserve) \(unit), \(state))" }
}
