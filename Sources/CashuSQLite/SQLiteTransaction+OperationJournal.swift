// Storage: the operations journal in the SQLite wallet store.

import CashuEngine
import Foundation
import GRDB

extension SQLiteTransaction: OperationJournal {
    func insertOperation(_ operation: OperationRecord) throws {
        try requireWritable("insertOperation")
        try mappingErrors("insertOperation") {
            try execute(
                "INSERT INTO operations (\(OperationRecord.sqlColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                operation.sqliteArguments)
        }
    }

    func updateOperation(_ operation: OperationRecord) throws {
        try requireWritable("updateOperation")
        try mappingErrors("updateOperation") {
            try execute(
                "UPDATE operations SET state = ?, payload = ?, updated_at = ? WHERE id = ?",
                [
                    operation.state.rawValue, Data(operation.payload), SQLiteValue.real(operation.updatedAt),
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
                OperationRecord.init(sqliteRow:))
        }
    }

    func unfinishedOperations() throws -> [OperationRecord] {
        let states = OperationState.allCases.filter(\.isUnfinished).map(\.rawValue)
        return try mappingErrors("unfinishedOperations") {
            try fetch(
                "SELECT \(OperationRecord.sqlColumns) FROM operations WHERE state IN \(sqlList(states.count)) "
                    + "ORDER BY created_at, seq",
                StatementArguments(states), OperationRecord.init(sqliteRow:))
        }
    }
}
