// Storage: an offline queue entry to and from a `queued_operations` row (column formats in SQLValue).

import CashuEngine

extension QueuedOperation {
    package static let sqlColumns =
        "id, mint_url, kind, payload, state, attempts, last_error_code, last_error, operation_id, result, "
        + "created_at, updated_at, sealed"
    package static let sqlColumnCount = 13

    package init(sqlRow row: some SQLRow, sealer: RecordSealer?) throws(StorageError) {
        let r = SQLRowReader(row, table: "queued_operations")
        let id = OperationID(rawValue: try r.text("id"))
        var payload = try r.bytes("payload")
        var result = try r.optionalBytes("result")
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("queued_operations") }
            (payload, result) = try SealedRecordFields.openQueued(sealed, id: id.rawValue, with: sealer)
        }
        self.init(
            id: id,
            mintURL: try r.mintURL(),
            kind: try r.parsed("kind") { QueuedOperation.Kind(rawValue: $0) },
            payload: payload,
            state: try r.parsed("state") { QueuedOperation.State(rawValue: $0) },
            attempts: try r.int("attempts"),
            lastErrorCode: try r.optionalText("last_error_code"),
            lastError: try r.optionalText("last_error"),
            operationID: try r.optionalText("operation_id").map(OperationID.init(rawValue:)),
            result: result,
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    package func sqlValues(sealer: RecordSealer?) throws(StorageError) -> [SQLValue] {
        let (payload, result, sealed) = try sqlSecrets(sealer: sealer)
        return [
            .text(id.rawValue), .text(mintURL.rawValue), .text(kind.rawValue), payload, .text(state.rawValue),
            .count(attempts), .text(lastErrorCode), .text(lastError), .text(operationID?.rawValue), result,
            .date(createdAt), .date(updatedAt), sealed,
        ]
    }

    /// The `payload`, `result` and `sealed` columns: the values themselves, or empty ones and the sealed values.
    package func sqlSecrets(sealer: RecordSealer?) throws(StorageError)
        -> (payload: SQLValue, result: SQLValue, sealed: SQLValue)
    {
        guard let sealer else { return (.bytes(payload), .bytes(result), .bytes(nil)) }
        let sealed = try SealedRecordFields.sealQueued(payload: payload, result: result, id: id.rawValue, with: sealer)
        return (.bytes([]), .bytes(nil), .bytes(sealed))
    }
}
