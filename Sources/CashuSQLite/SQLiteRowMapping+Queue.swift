// Storage: offline queue entries to and from SQLite rows (table `queued_operations`, migration v3).

import CashuEngine
import Foundation
import GRDB

extension QueuedOperation {
    static let sqlColumns =
        "id, mint_url, kind, payload, state, attempts, last_error_code, last_error, operation_id, result, "
        + "created_at, updated_at"

    init(sqliteRow row: Row) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "queued_operations")
        self.init(
            id: OperationID(rawValue: try r.text("id")),
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            kind: try r.parsed("kind") { QueuedOperation.Kind(rawValue: $0) },
            payload: try r.bytes("payload"),
            state: try r.parsed("state") { QueuedOperation.State(rawValue: $0) },
            attempts: try r.int("attempts"),
            lastErrorCode: try r.optionalText("last_error_code"),
            lastError: try r.optionalText("last_error"),
            operationID: try r.optionalText("operation_id").map(OperationID.init(rawValue:)),
            result: try r.optionalBytes("result"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at")
        )
    }

    var sqliteArguments: StatementArguments {
        [
            id.rawValue, mintURL.rawValue, kind.rawValue, Data(payload), state.rawValue, attempts, lastErrorCode,
            lastError, operationID?.rawValue, result.map { Data($0) }, SQLiteValue.real(createdAt),
            SQLiteValue.real(updatedAt),
        ]
    }
}
