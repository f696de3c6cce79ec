// NIP-47 — Nostr Wallet Connect: `list_transactions` params.

/// What `list_transactions` asks: a time range, a page, whether unpaid invoices count, a direction.
package struct NWCListTransactionsParams: Sendable, Hashable, Codable {
    /// The earliest creation time, seconds since the epoch, inclusive (0 when absent).
    package var from: Int64?
    /// The latest creation time, inclusive (now when absent).
    package var until: Int64?
    /// The most transactions to return.
    package var limit: Int?
    /// How many to skip.
    package var offset: Int?
    /// Whether unpaid invoices are included (false when absent).
    package var unpaid: Bool?
    /// Only incoming or only outgoing; both when absent.
    package var type: NWCTransactionType?

    package init(
        from: Int64? = nil, until: Int64? = nil, limit: Int? = nil, offset: Int? = nil, unpaid: Bool? = nil,
        type: NWCTransactionType? = nil
    ) {
        self.from = from
        self.until = until
        self.limit = limit
        self.offset = offset
        self.unpaid = unpaid
        self.type = type
    }
}
