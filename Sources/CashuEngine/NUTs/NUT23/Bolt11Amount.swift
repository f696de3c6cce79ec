// NUT-23 — BOLT11: the amount an invoice asks for, read from its human-readable part (BOLT #11), so a melt quote's
// amount can be checked against the invoice it pays.

/// The amount encoded in a BOLT11 invoice's human-readable part.
package enum Bolt11Amount {
    /// The invoice's amount in millisatoshis, or `nil` when the invoice carries none (amountless) or is not a
    /// BOLT11 invoice this parser understands.
    ///
    /// The human-readable part is `ln` + currency (`bc`, `tb`, `bcrt`, `tbs`, …) + optional amount (digits and
    /// an optional multiplier `m`, `u`, `n`, `p` of one bitcoin), before the last `1`.
    package static func millisatoshis(_ invoice: String) -> UInt64? {
        var text = Substring(invoice.lowercased())
        if text.hasPrefix("lightning:") { text = text.dropFirst("lightning:".count) }
        guard let separator = text.lastIndex(of: "1") else { return nil }
        return (try? humanReadablePart(text[..<separator]))?.millisatoshis
    }

    /// The invoice's amount in whole satoshis, rounded up, or `nil` as for `millisatoshis(_:)`.
    package static func satoshis(_ invoice: String) -> UInt64? {
        guard let msat = millisatoshis(invoice) else { return nil }
        return msat / 1000 + (msat % 1000 == 0 ? 0 : 1)
    }

    /// Splits a lowercase human-readable part into its currency prefix and its amount (BOLT #11 "Human-Readable
    /// Part").
    ///
    /// - Parameter hrp: `ln` + currency letters + optional amount, without the separator.
    /// - Returns: the currency (`bc`, `tb`, …) and the amount in millisatoshis, `nil` when the invoice has none.
    /// - Throws: ``EncodingFailure`` `.invalidPrefix` when it does not start with `ln` and a currency of letters,
    ///   `.invalidField` for an amount that is not a positive number with a known multiplier or that is a fraction
    ///   of a millisatoshi, `.amountOverflow` past `UInt64` millisatoshis.
    static func humanReadablePart(
        _ hrp: some StringProtocol
    ) throws(EncodingFailure) -> (currency: String, millisatoshis: UInt64?) {
        let text = Substring(hrp)
        guard text.hasPrefix("ln") else { throw EncodingFailure(.invalidPrefix, "a BOLT11 invoice starts with ln") }
        let rest = text.dropFirst(2)
        let firstDigit = rest.firstIndex(where: \.isASCIIDigit) ?? rest.endIndex
        let currency = rest[..<firstDigit]
        guard !currency.isEmpty, currency.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw EncodingFailure(.invalidPrefix, "a BOLT11 invoice names its currency after ln")
        }
        var amountText = rest[firstDigit...]
        guard !amountText.isEmpty else { return (String(currency), nil) }
        var multiplier: Character?
        if let last = amountText.last, !last.isASCIIDigit {
            multiplier = last
            amountText = amountText.dropLast()
        }
        // BOLT #11 writes the amount without leading zeros.
        guard amountText.allSatisfy(\.isASCIIDigit), amountText.first != "0" else {
            throw EncodingFailure(.invalidField, "the invoice amount is not a positive number")
        }
        // Digits only from here: too many of them is an amount too large, not a malformed one.
        guard amountText.count <= 20, let amount = UInt64(amountText) else {
            throw EncodingFailure(.amountOverflow, "the invoice amount overflows")
        }
        // Millisatoshis per unit: 1 BTC = 10^11 msat.
        let (value, overflow): (UInt64, Bool)
        switch multiplier {
        case nil: (value, overflow) = amount.multipliedReportingOverflow(by: 100_000_000_000)
        case "m": (value, overflow) = amount.multipliedReportingOverflow(by: 100_000_000)
        case "u": (value, overflow) = amount.multipliedReportingOverflow(by: 100_000)
        case "n": (value, overflow) = amount.multipliedReportingOverflow(by: 100)
        case "p":
            // A pico-bitcoin is a tenth of a millisatoshi; BOLT #11 requires the last digit to be 0.
            guard amount % 10 == 0 else {
                throw EncodingFailure(.invalidField, "the invoice amount is a fraction of a millisatoshi")
            }
            (value, overflow) = (amount / 10, false)
        default: throw EncodingFailure(.invalidField, "the invoice amount has an unknown multiplier")
        }
        guard !overflow else { throw EncodingFailure(.amountOverflow, "the invoice amount overflows") }
        return (String(currency), value)
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
