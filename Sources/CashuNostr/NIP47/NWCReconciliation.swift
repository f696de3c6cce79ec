// NIP-47 — Nostr Wallet Connect: what became of a connection's pending payments once the wallet knew.

/// The pending payments a reconciliation resolved, by payment hash.
public struct NWCReconciliation: Sendable, Hashable {
    /// Paid: their budget now counts what they cost.
    public var settled: [String]
    /// Failed: their reservation was given back.
    public var released: [String]
    /// Still not known: their reservation stays.
    public var stillPending: [String]

    public init(settled: [String] = [], released: [String] = [], stillPending: [String] = []) {
        self.settled = settled
        self.released = released
        self.stillPending = stillPending
    }
}
