// Storage: the wallet's history, one entry per operation.

/// History storage.
public protocol HistoryStore {
    /// Inserts or replaces an entry (keyed by operation id).
    func saveHistoryEntry(_ entry: HistoryEntry) throws

    /// An entry by operation id.
    func historyEntry(id: OperationID) throws -> HistoryEntry?

    /// Entries newest first, at most `limit`.
    func history(limit: Int) throws -> [HistoryEntry]
}
