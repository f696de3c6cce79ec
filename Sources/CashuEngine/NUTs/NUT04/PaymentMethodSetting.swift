// NUT-04 — Mint tokens: a `MintMethodSetting`/`MeltMethodSetting` from mint info, with the display-name fallback.

/// `{method, unit, method_name?, min_amount?, max_amount?, options?}` (same shape for NUT-04 and NUT-05).
public struct PaymentMethodSetting: Codable, Hashable, Sendable {
    /// Method-specific options this library understands; other keys are ignored.
    package struct Options: Codable, Hashable, Sendable {
        /// Bolt11 minting: the backend can put a description in invoices (NUT-23).
        package var description: Bool?
        /// Bolt11/bolt12 melting: amountless invoices are supported (NUT-23/25).
        package var amountless: Bool?

        /// Creates options.
        package init(description: Bool? = nil, amountless: Bool? = nil) {
            self.description = description
            self.amountless = amountless
        }
    }

    /// The payment method (`bolt11`, `bolt12`, `onchain`, ...).
    public var method: String
    /// The unit.
    public var unit: CurrencyUnit
    /// The human-readable method name, when the mint gives one.
    package var methodName: String?
    /// The smallest amount accepted.
    package var minAmount: UInt64?
    /// The largest amount accepted.
    package var maxAmount: UInt64?
    /// Method-specific options.
    package var options: Options?

    /// Creates a method setting.
    package init(
        method: String, unit: CurrencyUnit, methodName: String? = nil, minAmount: UInt64? = nil,
        maxAmount: UInt64? = nil, options: Options? = nil
    ) {
        self.method = method
        self.unit = unit
        self.methodName = methodName
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.options = options
    }

    enum CodingKeys: String, CodingKey {
        case method, unit, options
        case methodName = "method_name"
        case minAmount = "min_amount"
        case maxAmount = "max_amount"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        method = try c.decode(String.self, forKey: .method)
        unit = try c.decode(CurrencyUnit.self, forKey: .unit)
        methodName = try c.decodeIfPresent(String.self, forKey: .methodName)
        minAmount = try c.decodeIfPresent(UInt64.self, forKey: .minAmount)
        maxAmount = try c.decodeIfPresent(UInt64.self, forKey: .maxAmount)
        // Options are method-specific; a shape we do not know must not make the whole setting unreadable.
        options = try? c.decodeIfPresent(Options.self, forKey: .options)
    }

    /// The name to show: `method_name`, else `method` with `_`/`-` as spaces and each word title-cased (NUT-04).
    package var displayName: String {
        if let methodName, !methodName.isEmpty { return methodName }
        return Self.displayName(forMethod: method)
    }

    /// Derives a display name from a method (`apple-pay` → `Apple Pay`, `bolt11` → `Bolt11`).
    package static func displayName(forMethod method: String) -> String {
        method.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
            .map { word in word.prefix(1).uppercased() + word.dropFirst().lowercased() }
            .joined(separator: " ")
    }

    /// Whether `amount` lies within `min_amount`…`max_amount` (absent bounds do not limit).
    package func accepts(amount: UInt64) -> Bool {
        (minAmount.map { amount >= $0 } ?? true) && (maxAmount.map { amount <= $0 } ?? true)
    }
}
