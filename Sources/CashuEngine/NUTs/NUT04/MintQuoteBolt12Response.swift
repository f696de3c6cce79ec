// NUT-04 — Mint tokens: a bolt12 mint quote (NUT-25), minted repeatedly up to `amount_paid − amount_issued`.

/// `{quote, request, amount?, unit, expiry?, pubkey, amount_paid, amount_issued}`.
package struct MintQuoteBolt12Response: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The quote id.
    package var quote: String
    /// The bolt12 offer to pay.
    package var request: String
    /// The offer amount, if fixed.
    package var amount: UInt64?
    /// The unit.
    package var unit: CurrencyUnit?
    /// Unix time until which the offer can be paid.
    package var expiry: UInt64?
    /// The NUT-20 lock key (required for bolt12).
    package var pubkey: Point?
    /// Total amount paid to the offer so far.
    package var amountPaid: UInt64
    /// Total amount already minted from this quote.
    package var amountIssued: UInt64

    /// Creates a quote response.
    package init(
        quote: String, request: String, amount: UInt64? = nil, unit: CurrencyUnit? = nil, expiry: UInt64? = nil,
        pubkey: Point? = nil, amountPaid: UInt64, amountIssued: UInt64
    ) {
        self.quote = quote
        self.request = request
        self.amount = amount
        self.unit = unit
        self.expiry = expiry
        self.pubkey = pubkey
        self.amountPaid = amountPaid
        self.amountIssued = amountIssued
    }

    enum CodingKeys: String, CodingKey {
        case quote, request, amount, unit, expiry, pubkey
        case amountPaid = "amount_paid"
        case amountIssued = "amount_issued"
    }

    /// What can be minted now: `amount_paid − amount_issued`, or 0 if the mint reports more issued than paid.
    package var mintableAmount: UInt64 { amountPaid >= amountIssued ? amountPaid - amountIssued : 0 }

    package var description: String {
        "MintQuoteBolt12Response(quote: <redacted>, paid: \(amountPaid), issued: \(amountIssued))"
    }
}
