// Storage: the history in the SQLite wallet store.

import CashuEngine
import GRDB

extension SQLiteTransaction: HistoryStore {
    func saveHistoryEntry(_ entry: HistoryEntry) throws {
        try requireWritable("saveHistoryEntry")
        try mappingErrors("saveHistoryEntry") {
            try execute(
                """
                INSERT INTO history (\(HistoryEntry.sqlColumns)) VALUES (\(databaseQuestionMarks(count: 10)))
                ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, mint_url = excluded.mint_url,
                    unit = excluded.unit, amount = excluded.amount, fee = excluded.fee, state = excluded.state,
                    memo = excluded.memo, created_at = excluded.created_at, updated_at = excluded.updated_at
                """, entry.sqliteArguments)
        }
    }

    func historyEntry(id: OperationID) throws -> HistoryEntry? {
        try mappingErrors("historyEntry") {
            try fetchOne(
                "SELECT \(HistoryEntry.sqlColumns) FROM history WHERE id = ?", [id.rawValue],
                HistoryEntry.init(sqliteRow:))
        }
    }

    func history(limit: Int) throws -> [HistoryEntry] {
        // SQLite reads a negative LIMIT as "no limit".
        guard limit > 0 else { return [] }
        return try mappingErrors("history") {
            try fetch(
                "SELECT \(HistoryEntry.sqlColumns) FROM history ORDER BY created_at DESC, seq DESC LIMIT ?", [limit],
                HistoryEntry.init(sqliteRow:))
        }
    }
}
