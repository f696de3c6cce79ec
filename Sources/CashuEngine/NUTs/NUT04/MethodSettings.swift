// NUT-04 — Mint tokens: the NUT-04/NUT-05 settings in mint info (`{"methods": [...], "disabled": bool}`).

/// The settings under info keys `"4"` (minting) and `"5"` (melting).
package struct MethodSettings: Codable, Hashable, Sendable {
    /// The supported method–unit pairs.
    package var methods: [PaymentMethodSetting]
    /// Whether the operation is disabled at this mint.
    package var disabled: Bool

    /// Creates settings.
    package init(methods: [PaymentMethodSetting], disabled: Bool = false) {
        self.methods = methods
        self.disabled = disabled
    }

    enum CodingKeys: String, CodingKey { case methods, disabled }

    package init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        methods = try c.decodeIfPresent([PaymentMethodSetting].self, forKey: .methods) ?? []
        disabled = try c.decodeIfPresent(Bool.self, forKey: .disabled) ?? false
    }

    /// The setting for `method` and `unit`, if the mint supports that pair.
    package func setting(method: String, unit: CurrencyUnit) -> PaymentMethodSetting? {
        methods.first { $0.method == method && $0.unit == unit }
    }
}
