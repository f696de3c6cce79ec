// NIP-47 — Nostr Wallet Connect: what became of a connection's pending payments once the wallet knew.

/// The pending payments a reconciliation resolved, by payment hash.
package struct NWCReconciliation: Sendable, Hashable {
    /// Paid: their budget now counts what they cost.
    package var settled: [String]
    /// Failed: their reservation was given back.
    package var released: [String]
    /// Still not known: their reservation stays.
    package var stillPending: [String]

    package init(settled: [String] = [], released: [String] = [], stillPending: [String] = []) {
        self.settled = settled
        self.released = released
        self.stillPending = stillPending
    }
}
