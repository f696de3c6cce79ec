// Storage: a journaled operation to and from an `operations` row (column formats in SQLValue).

import CashuEngine

extension OperationRecord {
    package static let sqlColumns = "id, kind, mint_url, unit, state, payload, created_at, updated_at, sealed"

    package init(sqlRow row: some SQLRow, sealer: RecordSealer?) throws(StorageError) {
        let r = SQLRowReader(row, table: "operations")
        let id = OperationID(rawValue: try r.text("id"))
        var payload = try r.bytes("payload")
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("operations") }
            payload = try SealedRecordFields.openField(
                sealed, context: SealedRecordFields.operationContext(id), with: sealer)
        }
        self.init(
            id: id,
            kind: try r.parsed("kind") { OperationKind(rawValue: $0) },
            mintURL: try r.mintURL(),
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            state: try r.parsed("state") { OperationState(rawValue: $0) },
            payload: payload,
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    package func sqlValues(sealer: RecordSealer?) throws(StorageError) -> [SQLValue] {
        let (payload, sealed) = try sqlPayload(sealer: sealer)
        return [
            .text(id.rawValue), .text(kind.rawValue), .text(mintURL.rawValue), .text(unit.rawValue),
            .text(state.rawValue), payload, .date(createdAt), .date(updatedAt), sealed,
        ]
    }

    /// The `payload` and `sealed` columns: the payload itself, or an empty one and the sealed payload.
    package func sqlPayload(sealer: RecordSealer?) throws(StorageError) -> (payload: SQLValue, sealed: SQLValue) {
        guard let sealer else { return (.bytes(payload), .bytes(nil)) }
        let sealed = try SealedRecordFields.sealField(
            payload, context: SealedRecordFields.operationContext(id), with: sealer)
        return (.bytes([]), .bytes(sealed))
    }
}
