// Storage: the wallet's history, one entry per operation.

/// History storage.
package protocol HistoryStore {
    /// Inserts or replaces an entry (keyed by operation id); a replaced entry keeps its place among entries created
    /// at the same time.
    func saveHistoryEntry(_ entry: HistoryEntry) throws

    /// An entry by operation id.
    func historyEntry(id: OperationID) throws -> HistoryEntry?

    /// Entries newest first (by `createdAt`, then the last inserted first), at most `limit`; none when `limit` ≤ 0.
    func history(limit: Int) throws -> [HistoryEntry]
}
