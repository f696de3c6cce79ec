// NUT-04 — Mint tokens: a bolt11 mint quote as the mint returns it (NUT-23; `pubkey` from NUT-20; `amount_paid`,
// `amount_issued`, `updated_at` from nuts#377 and `method` from nuts#387).

/// `{quote, request, amount?, unit?, state?, expiry?, pubkey?, method?, amount_paid?, amount_issued?, updated_at?}`.
///
/// Since nuts#377 the accounting pair `amount_paid`/`amount_issued` is what a quote's state is read from (`state` is
/// deprecated): more paid than issued is ``MintQuoteState/paid``, all of a non-zero payment issued is
/// ``MintQuoteState/issued``, nothing paid is ``MintQuoteState/unpaid``. An answer without the pair keeps its
/// `state` (or, older still, `paid`).
///
/// The quote id is a bearer secret until the quote is locked (NUT-04 caution), so it prints redacted.
package struct MintQuoteBolt11Response: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The quote id (UUID v7); anyone who knows it can mint an unlocked quote.
    package var quote: String
    /// The bolt11 invoice to pay.
    package var request: String
    /// The amount (older mints omit it).
    package var amount: UInt64?
    /// The unit (older mints omit it).
    package var unit: CurrencyUnit?
    /// The quote's state.
    package var state: MintQuoteState
    /// Unix time until which the invoice can be paid.
    package var expiry: UInt64?
    /// The NUT-20 lock key, echoed from the request.
    package var pubkey: Point?
    /// The payment method (`bolt11`), when the mint says (nuts#387).
    package var method: String?
    /// How much has been paid (nuts#377).
    package var amountPaid: UInt64?
    /// How much has been minted of it (nuts#377).
    package var amountIssued: UInt64?
    /// Unix time of the quote's last change at the mint (nuts#377).
    package var updatedAt: UInt64?

    /// What can still be minted, paid minus issued, when the mint gives both.
    package var mintable: UInt64? {
        guard let amountPaid, let amountIssued else { return nil }
        return amountPaid > amountIssued ? amountPaid - amountIssued : 0
    }

    /// Creates a quote response.
    package init(
        quote: String, request: String, amount: UInt64? = nil, unit: CurrencyUnit? = nil,
        state: MintQuoteState, expiry: UInt64? = nil, pubkey: Point? = nil, method: String? = nil,
        amountPaid: UInt64? = nil, amountIssued: UInt64? = nil, updatedAt: UInt64? = nil
    ) {
        self.quote = quote
        self.request = request
        self.amount = amount
        self.unit = unit
        self.state = state
        self.expiry = expiry
        self.pubkey = pubkey
        self.method = method
        self.amountPaid = amountPaid
        self.amountIssued = amountIssued
        self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey {
        case quote, request, amount, unit, state, expiry, pubkey, paid, method
        case amountPaid = "amount_paid"
        case amountIssued = "amount_issued"
        case updatedAt = "updated_at"
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        quote = try c.decode(String.self, forKey: .quote)
        request = try c.decode(String.self, forKey: .request)
        amount = try c.decodeIfPresent(UInt64.self, forKey: .amount)
        unit = try c.decodeIfPresent(CurrencyUnit.self, forKey: .unit)
        expiry = try c.decodeIfPresent(UInt64.self, forKey: .expiry)
        // Nutshell 0.21.0 answers a GET (and NUT-17 notifications) for an unlocked quote with `"pubkey": ""`.
        if let text = try c.decodeIfPresent(String.self, forKey: .pubkey), !text.isEmpty {
            pubkey = try c.decode(Point.self, forKey: .pubkey)
        } else {
            pubkey = nil
        }
        method = try c.decodeIfPresent(String.self, forKey: .method)
        amountPaid = try c.decodeIfPresent(UInt64.self, forKey: .amountPaid)
        amountIssued = try c.decodeIfPresent(UInt64.self, forKey: .amountIssued)
        updatedAt = try c.decodeIfPresent(UInt64.self, forKey: .updatedAt)
        let stated = try c.decodeIfPresent(MintQuoteState.self, forKey: .state)
        if let accounted = MintQuoteState(paid: amountPaid, issued: amountIssued) {
            // A mint that fills the pair with zeros for quotes older than the pair still says PAID in `state`: an
            // all-zero pair does not overrule it.
            if let stated, amountPaid == 0, amountIssued == 0 {
                self.state = stated
            } else {
                self.state = accounted
            }
        } else if let stated {
            self.state = stated
        } else if let paid = try c.decodeIfPresent(Bool.self, forKey: .paid) {
            // Mints before the `state` field sent only `paid`.
            self.state = paid ? .paid : .unpaid
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.state, .init(codingPath: c.codingPath, debugDescription: "mint quote has no state"))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(quote, forKey: .quote)
        try c.encode(request, forKey: .request)
        try c.encodeIfPresent(amount, forKey: .amount)
        try c.encodeIfPresent(unit, forKey: .unit)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(expiry, forKey: .expiry)
        try c.encodeIfPresent(pubkey, forKey: .pubkey)
        try c.encodeIfPresent(method, forKey: .method)
        try c.encodeIfPresent(amountPaid, forKey: .amountPaid)
        try c.encodeIfPresent(amountIssued, forKey: .amountIssued)
        try c.encodeIfPresent(updatedAt, forKey: .updatedAt)
    }

    package var description: String {
        "MintQuoteBolt11Response(quote: <redacted>, amount: \(amount.map(String.init) ?? "nil"), state: \(state))"
    }
}
