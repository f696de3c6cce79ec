// NUT-17 — WebSockets: the mint info settings under key `"17"`.

/// `{"supported": [{method, unit, commands}]}`.
public struct WebSocketSettings: Codable, Hashable, Sendable {
    /// One method–unit pair and the subscription kinds offered for it.
    public struct Entry: Codable, Hashable, Sendable {
        /// The payment method.
        public var method: String
        /// The unit.
        public var unit: CurrencyUnit
        /// The subscription kinds offered.
        public var commands: [SubscriptionKind]

        /// Creates an entry.
        public init(method: String, unit: CurrencyUnit, commands: [SubscriptionKind]) {
            self.method = method
            self.unit = unit
            self.commands = commands
        }
    }

    /// The supported entries.
    public var supported: [Entry]

    /// Creates settings.
    public init(supported: [Entry]) { self.supported = supported }

    /// Whether `kind` is offered for `method` and `unit`.
    public func offers(_ kind: SubscriptionKind, method: String, unit: CurrencyUnit) -> Bool {
        supported.contains { $0.method == method && $0.unit == unit && $0.commands.contains(kind) }
    }
}
