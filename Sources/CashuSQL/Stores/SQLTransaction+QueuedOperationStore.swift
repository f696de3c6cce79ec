// Storage: the offline queue in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func insertQueuedOperation(_ entry: QueuedOperation) throws {
        try requireWritable("insertQueuedOperation")
        // DO NOTHING and a count: a failed statement would abort a whole PostgreSQL transaction (see insertOperation).
        let inserted = try execute(
            "INSERT INTO queued_operations (\(QueuedOperation.sqlColumns)) "
                + "VALUES \(SQL.list(QueuedOperation.sqlColumnCount)) ON CONFLICT (id) DO NOTHING",
            try entry.sqlValues(sealer: sealer), during: "insertQueuedOperation")
        guard inserted == 1 else { throw StorageError(.conflict, "insertQueuedOperation: the entry id exists") }
    }

    package func updateQueuedOperation(_ entry: QueuedOperation) throws {
        try requireWritable("updateQueuedOperation")
        let (payload, result, sealed) = try entry.sqlSecrets(sealer: sealer)
        let changed = try execute(
            """
            UPDATE queued_operations SET payload = ?, state = ?, attempts = ?, last_error_code = ?, last_error = ?,
                operation_id = ?, result = ?, sealed = ?, updated_at = ?
            WHERE id = ?
            """,
            [
                payload, .text(entry.state.rawValue), .count(entry.attempts), .text(entry.lastErrorCode),
                .text(entry.lastError), .text(entry.operationID?.rawValue), result, sealed, .date(entry.updatedAt),
                .text(entry.id.rawValue),
            ], during: "updateQueuedOperation")
        guard changed > 0 else { throw StorageError(.notFound, "updateQueuedOperation: the entry id does not exist") }
    }

    package func queuedOperation(id: OperationID) throws -> QueuedOperation? {
        try fetchOne(
            "SELECT \(QueuedOperation.sqlColumns) FROM queued_operations WHERE id = ?", [.text(id.rawValue)],
            during: "queuedOperation"
        ) { row throws(StorageError) in try QueuedOperation(sqlRow: row, sealer: sealer) }
    }

    package func queuedOperations(states: Set<QueuedOperation.State>, mintURL: MintURL?) throws -> [QueuedOperation] {
        guard !states.isEmpty else { return [] }
        // Sorted so that the statement's text, and so its cache entry, does not depend on the set's order.
        var (condition, values) = dialect.membership("state", states.map(\.rawValue).sorted())
        if let mintURL {
            condition += " AND mint_url = ?"
            values.append(.text(mintURL.rawValue))
        }
        return try fetch(
            "SELECT \(QueuedOperation.sqlColumns) FROM queued_operations WHERE \(condition) ORDER BY created_at, seq",
            values, during: "queuedOperations"
        ) { row throws(StorageError) in try QueuedOperation(sqlRow: row, sealer: sealer) }
    }

    package func removeQueuedOperation(id: OperationID) throws -> Bool {
        try requireWritable("removeQueuedOperation")
        return try execute(
            "DELETE FROM queued_operations WHERE id = ?", [.text(id.rawValue)], during: "removeQueuedOperation") > 0
    }
}
