// NUT-05 — Melt tokens: a melt quote as the mint returns it (bolt11 NUT-23 / bolt12 NUT-25), with NUT-08 change.

/// `{quote, request?, amount, unit?, fee_reserve?, state, expiry?, payment_preimage?, change?}`.
///
/// The same shape answers the quote request, the quote check and the melt itself.
package struct MeltQuoteResponse: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The quote id.
    package var quote: String
    /// The payment request being paid.
    package var request: String?
    /// The amount to pay, in `unit`.
    package var amount: UInt64
    /// The unit.
    package var unit: CurrencyUnit?
    /// The fee reserve the inputs must also cover; overpaid fees come back as NUT-08 change.
    package var feeReserve: UInt64?
    /// The quote's state.
    package var state: MeltQuoteState
    /// Unix time until which the quote is valid.
    package var expiry: UInt64?
    /// The Lightning payment preimage once paid (a proof of payment; kept out of descriptions).
    package var paymentPreimage: String?
    /// NUT-08 change signatures, in the order of the blank outputs.
    package var change: [BlindSignature]?

    /// Creates a melt quote response.
    package init(
        quote: String, request: String? = nil, amount: UInt64, unit: CurrencyUnit? = nil, feeReserve: UInt64? = nil,
        state: MeltQuoteState, expiry: UInt64? = nil, paymentPreimage: String? = nil, change: [BlindSignature]? = nil
    ) {
        self.quote = quote
        self.request = request
        self.amount = amount
        self.unit = unit
        self.feeReserve = feeReserve
        self.state = state
        self.expiry = expiry
        self.paymentPreimage = paymentPreimage
        self.change = change
    }

    enum CodingKeys: String, CodingKey {
        case quote, request, amount, unit, state, expiry, change, paid
        case feeReserve = "fee_reserve"
        case paymentPreimage = "payment_preimage"
    }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        quote = try c.decode(String.self, forKey: .quote)
        request = try c.decodeIfPresent(String.self, forKey: .request)
        amount = try c.decode(UInt64.self, forKey: .amount)
        unit = try c.decodeIfPresent(CurrencyUnit.self, forKey: .unit)
        feeReserve = try c.decodeIfPresent(UInt64.self, forKey: .feeReserve)
        expiry = try c.decodeIfPresent(UInt64.self, forKey: .expiry)
        paymentPreimage = try c.decodeIfPresent(String.self, forKey: .paymentPreimage)
        change = try c.decodeIfPresent([BlindSignature].self, forKey: .change)
        if let state = try c.decodeIfPresent(MeltQuoteState.self, forKey: .state) {
            self.state = state
        } else if let paid = try c.decodeIfPresent(Bool.self, forKey: .paid) {
            // Mints before the `state` field sent only `paid`; unpaid then may still be in flight.
            self.state = paid ? .paid : .unpaid
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.state, .init(codingPath: c.codingPath, debugDescription: "melt quote has no state"))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(quote, forKey: .quote)
        try c.encodeIfPresent(request, forKey: .request)
        try c.encode(amount, forKey: .amount)
        try c.encodeIfPresent(unit, forKey: .unit)
        try c.encodeIfPresent(feeReserve, forKey: .feeReserve)
        try c.encode(state, forKey: .state)
        try c.encodeIfPresent(expiry, forKey: .expiry)
        try c.encodeIfPresent(paymentPreimage, forKey: .paymentPreimage)
        try c.encodeIfPresent(change, forKey: .change)
    }

    package var description: String {
        "MeltQuoteResponse(quote: <redacted>, amount: \(amount), fee_reserve: \(feeReserve.map(String.init) ?? "nil"), "
            + "state: \(state), payment_preimage: \(paymentPreimage == nil ? "nil" : "<redacted>"))"
    }
}
