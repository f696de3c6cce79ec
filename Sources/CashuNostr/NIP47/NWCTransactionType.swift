// NIP-47 — Nostr Wallet Connect: a transaction's direction, `incoming` (invoices) or `outgoing` (payments).

/// Incoming (an invoice the wallet made) or outgoing (a payment it made).
public enum NWCTransactionType: String, Sendable, Hashable, Codable {
    case incoming
    case outgoing
}
