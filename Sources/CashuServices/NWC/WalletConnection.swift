// NIP-47 — Nostr Wallet Connect: one connection as a front end sees it (`cashu nwc add`, `list`, `revoke`) — its
// public record and where its budget stands. No secret.

import CashuNostr
import CoreCashu

/// One wallet connection: who may use it, from which mint, for what, and its budget now.
///
/// What the store keeps (`NWCConnectionRecord`, package) and what is counted against its budget, read together.
public struct WalletConnection: Sendable, Hashable {
    /// The stored record.
    package let record: NWCConnectionRecord
    /// Sats counted against the budget this period: payments at their cost, pending ones at their reservation.
    public let spentSats: UInt64
    /// What is left this period; `nil` without a budget.
    public let remainingSats: UInt64?
    /// When the budget renews next; `nil` without a budget or for one that never renews.
    public let renewsAt: Int64?
    /// Payments whose outcome is not known yet (their reservation counts until it is).
    public let pendingPayments: Int

    /// The connection `record` with `ledger` at `now`.
    package init(record: NWCConnectionRecord, ledger: NWCBudgetLedger, at now: Int64) {
        self.record = record
        let period = (record.budget?.renewal ?? .never).period(containing: now)
        spentSats = ledger.spentSats(in: period)
        remainingSats = ledger.remainingSats(record.budget, at: now)
        renewsAt = record.budget == nil ? nil : period.end
        pendingPayments = ledger.spends.filter { $0.state == .pending }.count
    }

    /// The connection's id (16 hex characters).
    public var id: String { record.id }
    /// The name the user gave it.
    public var name: String { record.name }
    /// The client's public key: requests must be signed by it.
    public var clientPublicKey: NostrPublicKey { record.clientPublicKey }
    /// The service's public key for this connection: requests are addressed to it.
    public var servicePublicKey: NostrPublicKey { record.servicePublicKey }
    /// The relays the service listens on for it.
    public var relays: [NostrRelayURL] { record.relays }
    /// What the client may do.
    public var methods: [NWCMethod] { record.methods }
    /// Its spending budget; `nil` for none.
    public var budget: NWCBudget? { record.budget }
    /// The mint it pays from and makes invoices at (chosen when it was added).
    public var mint: MintURL { record.mint }
    /// When it was made, seconds since the epoch.
    public var createdAt: Int64 { record.createdAt }
    /// When it stops working, if ever.
    public var expiresAt: Int64? { record.expiresAt }
    /// When it was revoked, if it was.
    public var revokedAt: Int64? { record.revokedAt }

    /// `active`, `expired` or `revoked`.
    public func state(at now: Int64) -> String {
        if record.isRevoked { return "revoked" }
        return record.isActive(at: now) ? "active" : "expired"
    }
}
