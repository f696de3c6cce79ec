// Storage: the offline queue in the SQLite wallet store (table `queued_operations`, migration v3).

import CashuEngine
import Foundation
import GRDB

extension SQLiteTransaction: QueuedOperationStore {
    func insertQueuedOperation(_ entry: QueuedOperation) throws {
        try requireWritable("insertQueuedOperation")
        try mappingErrors("insertQueuedOperation") {
            try execute(
                "INSERT INTO queued_operations (\(QueuedOperation.sqlColumns)) "
                    + "VALUES (\(databaseQuestionMarks(count: 13)))",
                try entry.sqliteArguments(sealer: sealer)
            )
        }
    }

    func updateQueuedOperation(_ entry: QueuedOperation) throws {
        try requireWritable("updateQueuedOperation")
        try mappingErrors("updateQueuedOperation") {
            let (payload, result, sealed) = try entry.sqliteSecrets(sealer: sealer)
            try execute(
                """
                UPDATE queued_operations SET payload = ?, state = ?, attempts = ?, last_error_code = ?, last_error = ?,
                    operation_id = ?, result = ?, sealed = ?, updated_at = ?
                WHERE id = ?
                """,
                [
                    payload, entry.state.rawValue, entry.attempts, entry.lastErrorCode, entry.lastError,
                    entry.operationID?.rawValue, result, sealed, SQLiteValue.real(entry.updatedAt), entry.id.rawValue,
                ]
            )
            guard db.changesCount > 0 else {
                throw StorageError(.notFound, "updateQueuedOperation: the entry id does not exist")
            }
        }
    }

    func queuedOperation(id: OperationID) throws -> QueuedOperation? {
        try mappingErrors("queuedOperation") {
            try fetchOne(
                "SELECT \(QueuedOperation.sqlColumns) FROM queued_operations WHERE id = ?",
                [id.rawValue],
                { try QueuedOperation(sqliteRow: $0, sealer: self.sealer) }
            )
        }
    }

    func queuedOperations(states: Set<QueuedOperation.State>, mintURL: MintURL?) throws -> [QueuedOperation] {
        guard !states.isEmpty else { return [] }
        // Sorted so that the statement's text, and so its cache entry, does not depend on the set's order.
        let names = states.map(\.rawValue).sorted()
        var sql = "SELECT \(QueuedOperation.sqlColumns) FROM queued_operations WHERE state IN \(sqlList(names.count))"
        var arguments = StatementArguments(names)
        if let mintURL {
            sql += " AND mint_url = ?"
            arguments += [mintURL.rawValue]
        }
        sql += " ORDER BY created_at, seq"
        return try mappingErrors("queuedOperations") {
            try fetch(sql, arguments) { try QueuedOperation(sqliteRow: $0, sealer: self.sealer) }
        }
    }

    func removeQueuedOperation(id: OperationID) throws -> Bool {
        try requireWritable("removeQueuedOperation")
        return try mappingErrors("removeQueuedOperation") {
            try execute("DELETE FROM queued_operations WHERE id = ?", [id.rawValue])
            return db.changesCount > 0
        }
    }
}
