// NIP-47 — Nostr Wallet Connect: the `get_budget` result (proposed, nostr-protocol/nips commit 17cd5be).

/// A connection's budget: what is left, the total, when it renews. All absent when the connection has no budget.
package struct NWCBudgetInfo: Sendable, Hashable, Codable {
    /// What may still be spent this period, msats.
    package var remainingBudgetMsats: UInt64?
    /// The budget per period, msats.
    package var totalBudgetMsats: UInt64?
    /// When the next period starts, seconds since the epoch (absent for a budget that never renews).
    package var renewsAt: Int64?
    /// The renewal period: `daily`, `weekly`, `monthly`, `yearly` or `never` (as Alby Hub reports it).
    package var renewalPeriod: NWCBudgetRenewal?

    enum CodingKeys: String, CodingKey {
        case remainingBudgetMsats = "remaining_budget_msats"
        case totalBudgetMsats = "total_budget_msats"
        case renewsAt = "renews_at"
        case renewalPeriod = "renewal_period"
    }

    package init(
        remainingBudgetMsats: UInt64? = nil, totalBudgetMsats: UInt64? = nil, renewsAt: Int64? = nil,
        renewalPeriod: NWCBudgetRenewal? = nil
    ) {
        self.remainingBudgetMsats = remainingBudgetMsats
        self.totalBudgetMsats = totalBudgetMsats
        self.renewsAt = renewsAt
        self.renewalPeriod = renewalPeriod
    }
}
