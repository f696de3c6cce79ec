// NUT-15 — Partial multi-path payments: the `options` object of a bolt11 melt quote asking for a partial amount.

/// The melt-quote `options` value `{"mpp": {"amount": <msat>}}`: pay only part of a bolt11 invoice at this mint.
///
/// Goes in `PostMeltQuoteBolt11Request.options`; the wallet splits the invoice amount across mints and asks each one
/// for its part.
package struct MultipathPaymentOption: Codable, Hashable, Sendable {
    /// The partial amount this mint should pay, in millisatoshi (NUT-15 "Melt quote"), never zero.
    package let amountMsat: UInt64

    /// Creates the option for a partial amount in millisatoshi.
    /// - Parameter amountMsat: the part of the invoice to pay here, in msat.
    /// - Throws: ``EncodingFailure`` `.invalidField` if the amount is zero.
    package init(amountMsat: UInt64) throws(EncodingFailure) {
        guard amountMsat > 0 else { throw EncodingFailure(.invalidField, "mpp amount must be positive") }
        self.amountMsat = amountMsat
    }

    /// Creates the option for a partial amount in satoshi (the wire amount is always msat).
    /// - Parameter amountSat: the part of the invoice to pay here, in sat.
    /// - Throws: ``EncodingFailure`` `.amountOverflow` if the amount in msat does not fit 64 bits, `.invalidField`
    ///   if it is zero.
    package init(amountSat: UInt64) throws(EncodingFailure) {
        let (msat, overflow) = amountSat.multipliedReportingOverflow(by: 1000)
        guard !overflow else { throw EncodingFailure(.amountOverflow, "mpp amount in msat exceeds 64 bits") }
        try self.init(amountMsat: msat)
    }

    enum CodingKeys: String, CodingKey {
        case mpp
    }

    enum MPPKeys: String, CodingKey {
        case amount
    }

    /// Decodes `{"mpp": {"amount": n}}`.
    /// - Throws: `DecodingError` for a missing or mistyped field, ``EncodingFailure`` `.invalidField` for zero.
    package init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let mpp = try container.nestedContainer(keyedBy: MPPKeys.self, forKey: .mpp)
        try self.init(amountMsat: try mpp.decode(UInt64.self, forKey: .amount))
    }

    /// Encodes `{"mpp": {"amount": n}}`.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var mpp = container.nestedContainer(keyedBy: MPPKeys.self, forKey: .mpp)
        try mpp.encode(amountMsat, forKey: .amount)
    }
}
