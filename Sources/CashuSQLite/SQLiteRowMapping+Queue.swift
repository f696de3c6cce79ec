// Storage: offline queue entries to and from SQLite rows (table `queued_operations`, migration v3).

import CashuEngine
import Foundation
import GRDB

extension QueuedOperation {
    static let sqlColumns =
        "id, mint_url, kind, payload, state, attempts, last_error_code, last_error, operation_id, result, "
        + "created_at, updated_at, sealed"

    init(sqliteRow row: Row, sealer: RecordSealer? = nil) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "queued_operations")
        let id = OperationID(rawValue: try r.text("id"))
        var payload = try r.bytes("payload")
        var result = try r.optionalBytes("result")
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("queued_operations") }
            (payload, result) = try SealedRecordFields.openQueued(sealed, id: id.rawValue, with: sealer)
        }
        self.init(
            id: id,
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            kind: try r.parsed("kind") { QueuedOperation.Kind(rawValue: $0) },
            payload: payload,
            state: try r.parsed("state") { QueuedOperation.State(rawValue: $0) },
            attempts: try r.int("attempts"),
            lastErrorCode: try r.optionalText("last_error_code"),
            lastError: try r.optionalText("last_error"),
            operationID: try r.optionalText("operation_id").map(OperationID.init(rawValue:)),
            result: result,
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at")
        )
    }

    func sqliteArguments(sealer: RecordSealer? = nil) throws(StorageError) -> StatementArguments {
        let (payload, result, sealed) = try sqliteSecrets(sealer: sealer)
        return [
            id.rawValue, mintURL.rawValue, kind.rawValue, payload, state.rawValue, attempts, lastErrorCode,
            lastError, operationID?.rawValue, result, SQLiteValue.real(createdAt), SQLiteValue.real(updatedAt), sealed,
        ]
    }

    /// The `payload`, `result` and `sealed` columns: the values themselves, or empty ones and the sealed values.
    func sqliteSecrets(sealer: RecordSealer?) throws(StorageError) -> (payload: Data, result: Data?, sealed: Data?) {
        guard let sealer else { return (Data(payload), result.map { Data($0) }, nil) }
        let sealed = try SealedRecordFields.sealQueued(
            payload: payload, result: result, id: id.rawValue, with: sealer)
        return (Data(), nil, Data(sealed))
    }
}
