// NIP-47 — Nostr Wallet Connect: an invoice a connection made (`make_invoice`, a NUT-04 mint quote), remembered so
// the service mints it once paid and tells the client (`payment_received`).

/// An invoice made through a connection, by payment hash (a mint quote's id is a bearer secret until issued, and the
/// metadata it is kept in is not sealed: the quote is found again by the hash).
package struct NWCMadeInvoice: Sendable, Hashable, Codable {
    /// The invoice's payment hash, lowercase hex.
    package var paymentHash: String
    /// The connection that made it.
    package var connectionID: String
    /// When it was made, seconds since the epoch.
    package var createdAt: Int64
    /// When it expires, if the mint said.
    package var expiresAt: Int64?

    package init(paymentHash: String, connectionID: String, createdAt: Int64, expiresAt: Int64?) {
        self.paymentHash = paymentHash
        self.connectionID = connectionID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
