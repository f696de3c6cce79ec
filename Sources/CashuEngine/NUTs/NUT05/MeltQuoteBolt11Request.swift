// NUT-05 — Melt tokens: the body of `POST /v1/melt/quote/bolt11` (NUT-23, with the amountless option).

/// `{request, unit, options?: {amountless: {amount_msat}}}`.
package struct MeltQuoteBolt11Request: Codable, Hashable, Sendable {
    /// Options of a melt quote request.
    package struct Options: Codable, Hashable, Sendable {
        /// The amount to pay an amountless invoice.
        package struct Amountless: Codable, Hashable, Sendable {
            /// The amount in millisatoshis, whatever the unit.
            package var amountMsat: UInt64

            /// Creates the option.
            package init(amountMsat: UInt64) { self.amountMsat = amountMsat }

            enum CodingKeys: String, CodingKey { case amountMsat = "amount_msat" }
        }

        /// Pay an amountless invoice with this amount.
        package var amountless: Amountless?

        /// Creates options.
        package init(amountless: Amountless? = nil) { self.amountless = amountless }
    }

    /// The bolt11 invoice to pay.
    package var request: String
    /// The unit to pay with.
    package var unit: CurrencyUnit
    /// Optional method options.
    package var options: Options?

    /// Creates a request.
    package init(request: String, unit: CurrencyUnit, options: Options? = nil) {
        self.request = request
        self.unit = unit
        self.options = options
    }
}
