// Storage: a mint quote (NUT-04/23) the wallet asked for; its id is a bearer secret until issued.

import Foundation

/// A mint quote and what the wallet knows of it.
public struct StoredMintQuote: Hashable, Sendable, CustomStringConvertible {
    /// The quote id.
    public var id: String
    /// The mint.
    public var mintURL: MintURL
    /// The unit.
    public var unit: CurrencyUnit
    /// The payment method, e.g. `bolt11`.
    package var method: String
    /// The amount to mint.
    public var amount: UInt64
    /// The payment request (bolt11 invoice).
    public var request: String
    /// The last state the mint reported.
    public var state: MintQuoteState
    /// Unix time until which the request can be paid.
    public var expiry: UInt64?
    /// The NUT-20 lock key; its private half is in the ``SecureStore`` under ``SecureStoreKey/quoteKey(_:)``.
    package var pubkey: Point?
    /// When the quote was created.
    package var createdAt: Date
    /// When its state last changed.
    package var updatedAt: Date

    /// Creates a stored mint quote.
    package init(
        id: String, mintURL: MintURL, unit: CurrencyUnit, method: String = "bolt11", amount: UInt64, request: String,
        state: MintQuoteState, expiry: UInt64? = nil, pubkey: Point? = nil, createdAt: Date = Date(),
        updatedAt: Date = Date()
    ) {
        self.id = id
        self.mintURL = mintURL
        self.unit = unit
        self.method = method
        self.amount = amount
        self.request = request
        self.state = state
        self.expiry = expiry
        self.pubkey = pubkey
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var description: String { "StoredMintQuote(<redacted>, \(amount) \(unit), \(state))" }
}
