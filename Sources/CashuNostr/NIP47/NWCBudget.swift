// NIP-47 — Nostr Wallet Connect: a connection's spending budget (the "arbitrary constraints (eg. budgets)" of the
// connection URI section; `get_budget` reports it).

/// At most ``limitSats`` sats spent per ``renewal`` period, fees and fee reserves included.
public struct NWCBudget: Sendable, Hashable, Codable {
    /// The most that may be spent per period, in sats.
    public var limitSats: UInt64
    /// When the budget renews.
    public var renewal: NWCBudgetRenewal

    public init(limitSats: UInt64, renewal: NWCBudgetRenewal) {
        self.limitSats = limitSats
        self.renewal = renewal
    }

    /// `<limit> sat <renewal>`, as the connection's debug description shows it.
    package var text: String { "\(limitSats) sat \(renewal)" }
}
