// Storage: the history in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func saveHistoryEntry(_ entry: HistoryEntry) throws {
        try requireWritable("saveHistoryEntry")
        try execute(
            """
            INSERT INTO history (\(HistoryEntry.sqlColumns)) VALUES \(SQL.list(HistoryEntry.sqlColumnCount))
            ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, mint_url = excluded.mint_url,
                unit = excluded.unit, amount = excluded.amount, fee = excluded.fee, state = excluded.state,
                memo = excluded.memo, created_at = excluded.created_at, updated_at = excluded.updated_at
            """, entry.sqlValues, during: "saveHistoryEntry")
    }

    package func historyEntry(id: OperationID) throws -> HistoryEntry? {
        try fetchOne(
            "SELECT \(HistoryEntry.sqlColumns) FROM history WHERE id = ?", [.text(id.rawValue)],
            during: "historyEntry", HistoryEntry.init(sqlRow:))
    }

    package func history(limit: Int) throws -> [HistoryEntry] {
        // SQLite reads a negative LIMIT as "no limit".
        guard limit > 0 else { return [] }
        return try fetch(
            "SELECT \(HistoryEntry.sqlColumns) FROM history ORDER BY created_at DESC, seq DESC LIMIT ?",
            [.count(limit)], during: "history", HistoryEntry.init(sqlRow:))
    }
}
