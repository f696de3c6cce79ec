// NIP-47 — Nostr Wallet Connect: a transaction's direction, `incoming` (invoices) or `outgoing` (payments).

/// Incoming (an invoice the wallet made) or outgoing (a payment it made).
package enum NWCTransactionType: String, Sendable, Hashable, Codable {
    /// An invoice the wallet made (a Cashu mint quote).
    case incoming
    /// A payment the wallet made (a Cashu melt).
    case outgoing
}
