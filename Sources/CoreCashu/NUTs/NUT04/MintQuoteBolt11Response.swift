// NUT-04 — Mint tokens: a bolt11 mint quote as the mint returns it (NUT-23; `pubkey` from NUT-20).

/// `{quote, request, amount?, unit?, state, expiry?, pubkey?}`.
///
/// The quote id is a bearer secret until the quote is locked (NUT-04 caution), so it prints redacted.
public struct MintQuoteBolt11Response: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The quote id (UUID v7); anyone who knows it can mint an unlocked quote.
    public var quote: String
    /// The bolt11 invoice to pay.
    public var request: String
    /// The amount (older mints omit it).
    public var amount: UInt64?
    /// The unit (older mints omit it).
    public var unit: CurrencyUnit?
    /// The quote's state.
    public var state: MintQuoteState
    /// Unix time until which the invoice can be paid.
    public var expiry: UInt64?
    /// The NUT-20 lock key, echoed from the request.
    public var pubkey: Point?

    /// Creates a quote response.
    public init(
        quote: String, request: String, amount: UInt64? = nil, unit: CurrencyUnit? = nil,
        state: MintQuoteState, expiry: UInt64? = nil, pubkey: Point? = nil
    ) {
        self.quote = quote
        self.request = request
        self.amount = amount
        self.unit = unit
        self.state = state
        self.expiry = expiry
        self.pubkey = pubkey
    }

    enum CodingKeys: String, CodingKey {
        case quote, request, amount, unit, state, expiry, pubkey, paid
    }

    public init(from decoder: Decoder) throws {
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
        if let state = try c.decodeIfPresent(MintQuoteState.self, forKey: .state) {
            self.state = state
        } else if let paid = try c.decodeIfPresent(Bool.self, forKey: .paid) {
            // Mints before the `state` field sent only `paid`.
            self.state = paid ? .paid : .unpaid
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.state, .init(codingPath: c.codingPath, debugDescription: "mint quote has no state"))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(quote, forKey: .quote)
        try c.encode(request, forKey: .request)
        try c.encodeIfPresent(amount, forKey: .amount)
        try c.encodeIfPresent(unit, forKey: .unit)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(expiry, forKey: .expiry)
        try c.encodeIfPresent(pubkey, forKey: .pubkey)
    }

    public var description: String {
        "MintQuoteBolt11Response(quote: <redacted>, amount: \(amount.map(String.init) ?? "nil"), state: \(state))"
    }
}
