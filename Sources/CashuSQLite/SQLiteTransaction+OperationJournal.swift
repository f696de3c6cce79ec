// Storage: the operations journal in the SQLite wallet store.

import CashuEngine
import Foundation
import GRDB

extension SQLiteTransaction: OperationJournal {
    func insertOperation(_ operation: OperationRecord) throws {
        try requireWritable("insertOperation")
        try mappingErrors("insertOperation") {
            try execute(
                "INSERT INTO operations (\(OperationRecord.sqlColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                try operation.sqliteArguments(sealer: sealer))
        }
    }

    func updateOperation(_ operation: OperationRecord) throws {
        try requireWritable("updateOperation")
        try mappingErrors("updateOperation") {
            let (payload, sealed) = try operation.sqlitePayload(sealer: sealer)
            try execute(
                "UPDATE operations SET state = ?, payload = ?, sealed = ?, updated_at = ? WHERE id = ?",
                [
                    operation.state.rawValue, payload, sealed, SQLiteValue.real(operation.updatedAt),
                    operation.id.rawValue,
                ])
            guard db.changesCount > 0 else {
                throw StorageError(.notFound, "updateOperation: the operation id does not exist")
            }
        }
    }

    func operation(id: OperationID) throws -> OperationRecord? {
        try mappingErrors("operation") {
            try fetchOne(
                "SELECT \(OperationRecord.sqlColumns) FROM operations WHERE id = ?", [id.rawValue],
                { try OperationRecord(sqliteRow: $0, sealer: self.sealer) })
        }
    }

    func unfinishedOperations() throws -> [OperationRecord] {
        let states = OperationState.allCases.filter(\.isUnfinished).map(\.rawValue)
        return try mappingErrors("unfinishedOperations") {
            try fetch(
                "SELECT \(OperationRecord.sqlColumns) FROM operations WHERE state IN \(sqlList(states.count)) "
                    + "ORDER BY created_at, seq",
                StatementArguments(states), { try OperationRecord(sqliteRow: $0, sealer: self.sealer) })
        }
    }

    func operations(kind: OperationKind, limit: Int) throws -> [OperationRecord] {
        // SQLite reads a negative LIMIT as "no limit".
        guard limit > 0 else { return [] }
        return try mappingErrors("operations") {
            try fetch(
                "SELECT \(OperationRecord.sqlColumns) FROM operations WHERE kind = ? "
                    + "ORDER BY created_at DESC, seq DESC LIMIT ?",
                [kind.rawValue, limit], { try OperationRecord(sqliteRow: $0, sealer: self.sealer) })
        }
    }
}
