// NIP-47 — Nostr Wallet Connect: a transaction's state (`lookup_invoice`, `list_transactions`), unknown kept.

/// The state of an invoice or payment.
package struct NWCTransactionState: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    /// Not paid yet, or a payment in flight.
    package static let pending = NWCTransactionState(rawValue: "pending")
    /// Paid.
    package static let settled = NWCTransactionState(rawValue: "settled")
    /// A hold invoice the payer locked in.
    package static let accepted = NWCTransactionState(rawValue: "accepted")
    /// An invoice that expired unpaid.
    package static let expired = NWCTransactionState(rawValue: "expired")
    /// A payment that failed.
    package static let failed = NWCTransactionState(rawValue: "failed")

    package var description: String { rawValue }
}
