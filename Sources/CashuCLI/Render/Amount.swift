// CLI render: an amount with its unit, as people read it ("1000 sat", "0 usd").

import CoreCashu

/// Formats amounts for human output.
enum Amount {
    static func text(_ amount: UInt64, _ unit: CurrencyUnit) -> String { "\(amount) \(unit.rawValue)" }
    static func text(_ amount: UInt64, _ unit: String) -> String { "\(amount) \(unit)" }

    /// Parses an amount typed by the user: a positive integer in the unit's smallest denomination.
    static func parse(_ text: String) -> UInt64? {
        let digits = text.replacingOccurrences(of: "_", with: "")
        guard let value = UInt64(digits), value > 0 else { return nil }
        return value
    }
}
