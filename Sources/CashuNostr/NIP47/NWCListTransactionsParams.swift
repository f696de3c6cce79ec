// NIP-47 — Nostr Wallet Connect: `list_transactions` params.

/// What `list_transactions` asks: a time range, a page, whether unpaid invoices count, a direction.
public struct NWCListTransactionsParams: Sendable, Hashable, Codable {
    /// The earliest creation time, seconds since the epoch, inclusive (0 when absent).
    public var from: Int64?
    /// The latest creation time, inclusive (now when absent).
    public var until: Int64?
    /// The most transactions to return.
    public var limit: Int?
    /// How many to skip.
    public var offset: Int?
    /// Whether unpaid invoices are included (false when absent).
    public var unpaid: Bool?
    /// Only incoming or only outgoing; both when absent.
    public var type: NWCTransactionType?

    public init(
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
