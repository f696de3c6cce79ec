// NUT-23 — BOLT11: the amount an invoice asks for, read from its human-readable part (BOLT #11), so a melt quote's
// amount can be checked against the invoice it pays.

/// The amount encoded in a BOLT11 invoice's human-readable part.
public enum Bolt11Amount {
    /// The invoice's amount in millisatoshis, or `nil` when the invoice carries none (amountless) or is not a
    /// BOLT11 invoice this parser understands.
    ///
    /// The human-readable part is `ln` + currency (`bc`, `tb`, `bcrt`, `tbs`, …) + optional amount (digits and
    /// an optional multiplier `m`, `u`, `n`, `p` of one bitcoin), before the last `1`.
    public static func millisatoshis(_ invoice: String) -> UInt64? {
        var text = Substring(invoice.lowercased())
        if text.hasPrefix("lightning:") { text = text.dropFirst("lightning:".count) }
        guard text.hasPrefix("ln"), let separator = text.lastIndex(of: "1") else { return nil }
        let prefix = text[text.index(text.startIndex, offsetBy: 2)..<separator]
        guard let firstDigit = prefix.firstIndex(where: \.isNumber) else { return nil }
        let currency = prefix[..<firstDigit]
        guard !currency.isEmpty, currency.allSatisfy(\.isLetter) else { return nil }
        var amountText = prefix[firstDigit...]
        var multiplier: Character?
        if let last = amountText.last, last.isLetter {
            multiplier = last
            amountText = amountText.dropLast()
        }
        guard !amountText.isEmpty, amountText.count <= 20, amountText.allSatisfy(\.isNumber),
            let amount = UInt64(amountText), amount > 0
        else { return nil }
        // Millisatoshis per unit: 1 BTC = 10^11 msat.
        let (value, overflow): (UInt64, Bool)
        switch multiplier {
        case nil: (value, overflow) = amount.multipliedReportingOverflow(by: 100_000_000_000)
        case "m": (value, overflow) = amount.multipliedReportingOverflow(by: 100_000_000)
        case "u": (value, overflow) = amount.multipliedReportingOverflow(by: 100_000)
        case "n": (value, overflow) = amount.multipliedReportingOverflow(by: 100)
        case "p":
            // A pico-bitcoin is a tenth of a millisatoshi; BOLT #11 requires the last digit to be 0.
            guard amount % 10 == 0 else { return nil }
            (value, overflow) = (amount / 10, false)
        default: return nil
        }
        return overflow ? nil : value
    }

    /// The invoice's amount in whole satoshis, rounded up, or `nil` as for ``millisatoshis(_:)``.
    public static func satoshis(_ invoice: String) -> UInt64? {
        guard let msat = millisatoshis(invoice) else { return nil }
        return msat / 1000 + (msat % 1000 == 0 ? 0 : 1)
    }
}
