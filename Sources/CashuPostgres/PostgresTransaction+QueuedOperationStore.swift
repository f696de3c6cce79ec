// Storage: the offline queue in the PostgreSQL wallet store.

import CashuEngine

extension PostgresTransaction: QueuedOperationStore {
    func insertQueuedOperation(_ entry: QueuedOperation) throws {
        try requireWritable("insertQueuedOperation")
        // DO NOTHING and a count: a failed statement would abort the whole transaction (see insertOperation).
        let inserted = try execute(
            "INSERT INTO queued_operations (\(QueuedOperation.postgresColumns)) "
                + "VALUES (\(placeholders(from: 1, count: 13))) ON CONFLICT (id) DO NOTHING",
            try entry.postgresValues(sealer: sealer), during: "insertQueuedOperation")
        guard inserted == 1 else { throw StorageError(.conflict, "insertQueuedOperation: the entry id exists") }
    }

    func updateQueuedOperation(_ entry: QueuedOperation) throws {
        try requireWritable("updateQueuedOperation")
        let (payload, result, sealed) = try entry.postgresSecrets(sealer: sealer)
        let changed = try execute(
            """
            UPDATE queued_operations SET payload = $1, state = $2, attempts = $3, last_error_code = $4,
                last_error = $5, operation_id = $6, result = $7, sealed = $8, updated_at = $9
            WHERE id = $10
            """,
            [
                payload, .text(entry.state.rawValue), .integer(Int64(entry.attempts)), .text(entry.lastErrorCode),
                .text(entry.lastError), .text(entry.operationID?.rawValue), result, sealed, .date(entry.updatedAt),
                .text(entry.id.rawValue),
            ], during: "updateQueuedOperation")
        guard changed > 0 else { throw StorageError(.notFound, "updateQueuedOperation: the entry id does not exist") }
    }

    func queuedOperation(id: OperationID) throws -> QueuedOperation? {
        try fetchOne(
            "SELECT \(QueuedOperation.postgresColumns) FROM queued_operations WHERE id = $1", [.text(id.rawValue)],
            during: "queuedOperation"
        ) { row throws(StorageError) in try QueuedOperation(postgresRow: row, sealer: sealer) }
    }

    func queuedOperations(states: Set<QueuedOperation.State>, mintURL: MintURL?) throws -> [QueuedOperation] {
        guard !states.isEmpty else { return [] }
        var values: [PostgresValue] = [.textArray(states.map(\.rawValue).sorted())]
        var sql = "SELECT \(QueuedOperation.postgresColumns) FROM queued_operations WHERE state = ANY($1)"
        if let mintURL {
            values.append(.text(mintURL.rawValue))
            sql += " AND mint_url = $2"
        }
        return try fetch(
            sql + " ORDER BY created_at, seq", values, during: "queuedOperations"
        ) { row throws(StorageError) in try QueuedOperation(postgresRow: row, sealer: sealer) }
    }

    func removeQueuedOperation(id: OperationID) throws -> Bool {
        try requireWritable("removeQueuedOperation")
        return try execute(
            "DELETE FROM queued_operations WHERE id = $1", [.text(id.rawValue)], during: "removeQueuedOperation") > 0
    }
}
