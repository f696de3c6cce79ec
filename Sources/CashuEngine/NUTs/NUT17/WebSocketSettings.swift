// NUT-17 — WebSockets: the mint info settings under key `"17"`.

/// `{"supported": [{method, unit, commands}]}`.
package struct WebSocketSettings: Codable, Hashable, Sendable {
    /// One method–unit pair and the subscription kinds offered for it.
    package struct Entry: Codable, Hashable, Sendable {
        /// The payment method.
        package var method: String
        /// The unit.
        package var unit: CurrencyUnit
        /// The subscription kinds offered.
        package var commands: [SubscriptionKind]

        /// Creates an entry.
        package init(method: String, unit: CurrencyUnit, commands: [SubscriptionKind]) {
            self.method = method
            self.unit = unit
            self.commands = commands
        }
    }

    /// The supported entries.
    package var supported: [Entry]

    /// Creates settings.
    package init(supported: [Entry]) { self.supported = supported }

    /// Whether `kind` is offered for `method` and `unit`.
    package func offers(_ kind: SubscriptionKind, method: String, unit: CurrencyUnit) -> Bool {
        supported.contains { $0.method == method && $0.unit == unit && $0.commands.contains(kind) }
    }
}
