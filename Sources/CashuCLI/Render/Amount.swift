// CLI render: an amount with its unit, as people read it ("1000 sat", "0 usd").

import CoreCashu

/// Formats amounts for human output.
enum Amount {
    /// Units come from tokens, requests and mints: control characters are shown as spaces, never sent to the terminal.
    static func text(_ amount: UInt64, _ unit: CurrencyUnit) -> String { text(amount, unit.rawValue) }
    static func text(_ amount: UInt64, _ unit: String) -> String { "\(amount) \(Untrusted.display(unit, limit: 16))" }

    /// Parses an amount typed by the user: a positive integer in the unit's smallest denomination.
    static func parse(_ text: String) -> UInt64? {
        let digits = text.replacingOccurrences(of: "_", with: "")
        guard let value = UInt64(digits), value > 0 else { return nil }
        return value
    }
}
