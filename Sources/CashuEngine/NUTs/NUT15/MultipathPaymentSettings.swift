// NUT-15 — Partial multi-path payments: the mint-info setting `"15"` listing which method/unit pairs support MPP.

/// The NUT-06 info entry `"15": {"methods": [{"method", "unit"}]}`.
package struct MultipathPaymentSettings: Codable, Hashable, Sendable {
    /// A payment method and unit for which the mint accepts partial (MPP) melt quotes.
    package struct MethodUnit: Codable, Hashable, Sendable {
        /// The payment method, e.g. `bolt11`.
        package var method: String
        /// The unit, e.g. `sat`.
        package var unit: String

        /// Creates a method/unit pair.
        /// - Parameters:
        ///   - method: the payment method.
        ///   - unit: the unit.
        package init(method: String, unit: String) {
            self.method = method
            self.unit = unit
        }
    }

    /// The pairs the mint supports MPP for; the mint MUST list each one (NUT-15 "Mint info setting").
    package var methods: [MethodUnit]

    /// Creates the setting.
    /// - Parameter methods: the supported method/unit pairs.
    package init(methods: [MethodUnit]) {
        self.methods = methods
    }

    /// Whether the mint accepts MPP melt quotes for `method` in `unit`; only listed pairs may be used.
    /// - Parameters:
    ///   - method: the payment method, e.g. `bolt11`.
    ///   - unit: the unit, e.g. `sat`.
    /// - Returns: `true` if the pair is listed exactly.
    package func supports(method: String, unit: String) -> Bool {
        methods.contains { $0.method == method && $0.unit == unit }
    }
}
