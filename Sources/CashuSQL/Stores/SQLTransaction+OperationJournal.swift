// Storage: the operations journal in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func insertOperation(_ operation: OperationRecord) throws {
        try requireWritable("insertOperation")
        // DO NOTHING and a count, not a unique violation: a failed statement aborts a whole PostgreSQL transaction,
        // where a caller that catches `conflict` expects the rest of its write to stand.
        let inserted = try execute(
            "INSERT INTO operations (\(OperationRecord.sqlColumns)) VALUES \(SQL.list(9)) ON CONFLICT (id) DO NOTHING",
            try operation.sqlValues(sealer: sealer), during: "insertOperation")
        guard inserted == 1 else { throw StorageError(.conflict, "insertOperation: the operation id exists") }
    }

    package func updateOperation(_ operation: OperationRecord) throws {
        try requireWritable("updateOperation")
        let (payload, sealed) = try operation.sqlPayload(sealer: sealer)
        let changed = try execute(
            "UPDATE operations SET state = ?, payload = ?, sealed = ?, updated_at = ? WHERE id = ?",
            [
                .text(operation.state.rawValue), payload, sealed, .date(operation.updatedAt),
                .text(operation.id.rawValue),
            ], during: "updateOperation")
        guard changed > 0 else { throw StorageError(.notFound, "updateOperation: the operation id does not exist") }
    }

    package func operation(id: OperationID) throws -> OperationRecord? {
        try fetchOne(
            "SELECT \(OperationRecord.sqlColumns) FROM operations WHERE id = ?", [.text(id.rawValue)],
            during: "operation"
        ) { row throws(StorageError) in try OperationRecord(sqlRow: row, sealer: sealer) }
    }

    package func unfinishedOperations() throws -> [OperationRecord] {
        let (condition, states) = dialect.membership(
            "state", OperationState.allCases.filter(\.isUnfinished).map(\.rawValue))
        return try fetch(
            "SELECT \(OperationRecord.sqlColumns) FROM operations WHERE \(condition) ORDER BY created_at, seq", states,
            during: "unfinishedOperations"
        ) { row throws(StorageError) in try OperationRecord(sqlRow: row, sealer: sealer) }
    }

    package func hasUnfinishedWork() throws -> Bool {
        let (condition, values) = SQLOpeningState.unfinishedWorkCondition(dialect)
        return try count(
            "SELECT \(SQL.flag(condition)) AS unfinished", values, column: "unfinished", table: "operations",
            during: "hasUnfinishedWork") > 0
    }

    package func operations(kind: OperationKind, limit: Int) throws -> [OperationRecord] {
        // SQLite reads a negative LIMIT as "no limit".
        guard limit > 0 else { return [] }
        return try fetch(
            "SELECT \(OperationRecord.sqlColumns) FROM operations WHERE kind = ? "
                + "ORDER BY created_at DESC, seq DESC LIMIT ?",
            [.text(kind.rawValue), .count(limit)], during: "operations"
        ) { row throws(StorageError) in try OperationRecord(sqlRow: row, sealer: sealer) }
    }
}
