// Storage: the operations journal and the history in the PostgreSQL wallet store.

import CashuEngine

extension PostgresTransaction: OperationJournal {
    func insertOperation(_ operation: OperationRecord) throws {
        try requireWritable("insertOperation")
        // DO NOTHING and a count, not a unique violation: a failed statement would abort the whole transaction
        // (PostgreSQL), where a caller that catches `conflict` expects the rest of its write to stand (as on SQLite).
        let inserted = try execute(
            "INSERT INTO operations (\(OperationRecord.postgresColumns)) VALUES (\(placeholders(from: 1, count: 9))) "
                + "ON CONFLICT (id) DO NOTHING",
            try operation.postgresValues(sealer: sealer), during: "insertOperation")
        guard inserted == 1 else { throw StorageError(.conflict, "insertOperation: the operation id exists") }
    }

    func updateOperation(_ operation: OperationRecord) throws {
        try requireWritable("updateOperation")
        let (payload, sealed) = try operation.postgresPayload(sealer: sealer)
        let changed = try execute(
            "UPDATE operations SET state = $1, payload = $2, sealed = $3, updated_at = $4 WHERE id = $5",
            [
                .text(operation.state.rawValue), payload, sealed, .date(operation.updatedAt),
                .text(operation.id.rawValue),
            ],
            during: "updateOperation")
        guard changed > 0 else { throw StorageError(.notFound, "updateOperation: the operation id does not exist") }
    }

    func operation(id: OperationID) throws -> OperationRecord? {
        try fetchOne(
            "SELECT \(OperationRecord.postgresColumns) FROM operations WHERE id = $1", [.text(id.rawValue)],
            during: "operation"
        ) { row throws(StorageError) in try OperationRecord(postgresRow: row, sealer: sealer) }
    }

    func unfinishedOperations() throws -> [OperationRecord] {
        let states = OperationState.allCases.filter(\.isUnfinished).map(\.rawValue)
        return try fetch(
            "SELECT \(OperationRecord.postgresColumns) FROM operations WHERE state = ANY($1) ORDER BY created_at, seq",
            [.textArray(states)], during: "unfinishedOperations"
        ) { row throws(StorageError) in try OperationRecord(postgresRow: row, sealer: sealer) }
    }
}

extension PostgresTransaction {
    func operations(kind: OperationKind, limit: Int) throws -> [OperationRecord] {
        guard limit > 0 else { return [] }
        return try fetch(
            "SELECT \(OperationRecord.postgresColumns) FROM operations WHERE kind = $1 "
                + "ORDER BY created_at DESC, seq DESC LIMIT $2",
            [.text(kind.rawValue), .integer(Int64(limit))], during: "operations"
        ) { row throws(StorageError) in try OperationRecord(postgresRow: row, sealer: sealer) }
    }
}

extension PostgresTransaction: HistoryStore {
    func saveHistoryEntry(_ entry: HistoryEntry) throws {
        try requireWritable("saveHistoryEntry")
        try execute(
            """
            INSERT INTO history (\(HistoryEntry.postgresColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
            ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, mint_url = excluded.mint_url,
                unit = excluded.unit, amount = excluded.amount, fee = excluded.fee, state = excluded.state,
                memo = excluded.memo, created_at = excluded.created_at, updated_at = excluded.updated_at
            """, entry.postgresValues, during: "saveHistoryEntry")
    }

    func historyEntry(id: OperationID) throws -> HistoryEntry? {
        try fetchOne(
            "SELECT \(HistoryEntry.postgresColumns) FROM history WHERE id = $1", [.text(id.rawValue)],
            during: "historyEntry", HistoryEntry.init(postgresRow:))
    }

    func history(limit: Int) throws -> [HistoryEntry] {
        guard limit > 0 else { return [] }
        return try fetch(
            "SELECT \(HistoryEntry.postgresColumns) FROM history ORDER BY created_at DESC, seq DESC LIMIT $1",
            [.integer(Int64(limit))], during: "history", HistoryEntry.init(postgresRow:))
    }
}
