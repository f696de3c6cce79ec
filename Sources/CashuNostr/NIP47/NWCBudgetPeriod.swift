// NIP-47 — Nostr Wallet Connect: one period of a connection's budget.

/// A half-open span of time, `start ..< end`, in seconds since the epoch; no end for a budget that never renews.
package struct NWCBudgetPeriod: Sendable, Hashable {
    /// The first second of the period.
    package let start: Int64
    /// The first second of the next period (when the budget renews), or `nil`.
    package let end: Int64?

    package init(start: Int64, end: Int64?) {
        self.start = start
        self.end = end
    }

    /// Whether `time` falls in the period.
    package func contains(_ time: Int64) -> Bool { time >= start && end.map { time < $0 } ?? true }
}
