// NUT-05 — Melt tokens: the body of `POST /v1/melt/quote/bolt11` (NUT-23, with the amountless option).

/// `{request, unit, options?: {amountless: {amount_msat}}}`.
public struct MeltQuoteBolt11Request: Codable, Hashable, Sendable {
    /// Options of a melt quote request.
    public struct Options: Codable, Hashable, Sendable {
        /// The amount to pay an amountless invoice.
        public struct Amountless: Codable, Hashable, Sendable {
            /// The amount in millisatoshis, whatever the unit.
            public var amountMsat: UInt64

            /// Creates the option.
            public init(amountMsat: UInt64) { self.amountMsat = amountMsat }

            enum CodingKeys: String, CodingKey { case amountMsat = "amount_msat" }
        }

        /// Pay an amountless invoice with this amount.
        public var amountless: Amountless?

        /// Creates options.
        public init(amountless: Amountless? = nil) { self.amountless = amountless }
    }

    /// The bolt11 invoice to pay.
    public var request: String
    /// The unit to pay with.
    public var unit: CurrencyUnit
    /// Optional method options.
    public var options: Options?

    /// Creates a request.
    public init(request: String, unit: CurrencyUnit, options: Options? = nil) {
        self.request = request
        self.unit = unit
        self.options = options
    }
}
