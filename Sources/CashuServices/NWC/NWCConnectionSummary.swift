// NIP-47 — Nostr Wallet Connect: one connection as `cashu nwc list` shows it — its record and where its budget
// stands. No secret.

import CashuNostr

/// A connection and its budget now.
public struct NWCConnectionSummary: Sendable, Hashable {
    /// The connection's public record.
    public let record: NWCConnectionRecord
    /// Sats counted against the budget this period: payments at their cost, pending ones at their reservation.
    public let spentSats: UInt64
    /// What is left this period; `nil` without a budget.
    public let remainingSats: UInt64?
    /// When the budget renews next; `nil` without a budget or for one that never renews.
    public let renewsAt: Int64?
    /// Payments whose outcome is not known yet (their reservation counts until it is).
    public let pendingPayments: Int

    /// The summary of `record` with `ledger` at `now`.
    package init(record: NWCConnectionRecord, ledger: NWCBudgetLedger, at now: Int64) {
        self.record = record
        let period = (record.budget?.renewal ?? .never).period(containing: now)
        spentSats = ledger.spentSats(in: period)
        remainingSats = ledger.remainingSats(record.budget, at: now)
        renewsAt = record.budget == nil ? nil : period.end
        pendingPayments = ledger.spends.filter { $0.state == .pending }.count
    }

    /// `active`, `expired` or `revoked`.
    public func state(at now: Int64) -> String {
        if record.isRevoked { return "revoked" }
        return record.isActive(at: now) ? "active" : "expired"
    }
}
