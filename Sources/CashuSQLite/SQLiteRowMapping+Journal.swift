// Storage: operations, quotes and history entries to and from SQLite rows (column formats in SQLiteValue).

import CashuEngine
import Foundation
import GRDB

extension OperationRecord {
    static let sqlColumns = "id, kind, mint_url, unit, state, payload, created_at, updated_at, sealed"

    init(sqliteRow row: Row, sealer: RecordSealer? = nil) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "operations")
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
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            state: try r.parsed("state") { OperationState(rawValue: $0) },
            payload: payload,
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    func sqliteArguments(sealer: RecordSealer? = nil) throws(StorageError) -> StatementArguments {
        let (payload, sealed) = try sqlitePayload(sealer: sealer)
        return [
            id.rawValue, kind.rawValue, mintURL.rawValue, unit.rawValue, state.rawValue, payload,
            SQLiteValue.real(createdAt), SQLiteValue.real(updatedAt), sealed,
        ]
    }

    /// The `payload` and `sealed` columns: the payload itself, or an empty one and the sealed payload.
    func sqlitePayload(sealer: RecordSealer?) throws(StorageError) -> (payload: Data, sealed: Data?) {
        guard let sealer else { return (Data(payload), nil) }
        let sealed = try SealedRecordFields.sealField(
            payload, context: SealedRecordFields.operationContext(id), with: sealer)
        return (Data(), Data(sealed))
    }
}

extension StoredMintQuote {
    static let sqlColumns =
        "id, mint_url, unit, method, amount, request, state, expiry, pubkey, created_at, updated_at, sealed"

    /// The `id` column's value for a quote id: its tag when records are sealed.
    static func idColumn(_ id: String, sealer: RecordSealer?) -> String {
        sealer?.tag(id, domain: SealedRecordFields.mintQuoteDomain) ?? id
    }

    init(sqliteRow row: Row, sealer: RecordSealer? = nil) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "mint_quotes")
        var id = try r.text("id")
        if let sealed = try r.optionalBytes("sealed") {
            guard let sealer else { throw StorageError.sealedWithoutKeys("mint_quotes") }
            let opened = try SealedRecordFields.openField(
                sealed, context: SealedRecordFields.mintQuoteContext(id), with: sealer)
            guard let text = String(validating: opened, as: UTF8.self) else {
                throw StorageError(.corrupt, "mint_quotes.sealed is unreadable")
            }
            id = text
        }
        self.init(
            id: id,
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            method: try r.text("method"),
            amount: try r.uint64("amount"),
            request: try r.text("request"),
            state: MintQuoteState(rawValue: try r.text("state")),
            expiry: try r.optionalUInt64("expiry"),
            pubkey: try r.optionalParsed("pubkey") { try Point(hex: $0) },
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    func sqliteArguments(sealer: RecordSealer? = nil) throws(StorageError) -> StatementArguments {
        let column = Self.idColumn(id, sealer: sealer)
        let sealed = try sealer.map { sealer throws(StorageError) in
            Data(try SealedRecordFields.sealField(
                Array(id.utf8), context: SealedRecordFields.mintQuoteContext(column), with: sealer))
        }
        return [
            column, mintURL.rawValue, unit.rawValue, method, SQLiteValue.integer(amount), request, state.rawValue,
            SQLiteValue.integer(expiry), pubkey?.hex, SQLiteValue.real(createdAt), SQLiteValue.real(updatedAt), sealed,
        ]
    }
}

extension StoredMeltQuote {
    static let sqlColumns =
        "id, mint_url, unit, method, request, amount, fee_reserve, state, expiry, payment_preimage, created_at, "
        + "updated_at"

    init(sqliteRow row: Row) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "melt_quotes")
        self.init(
            id: try r.text("id"),
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            method: try r.text("method"),
            request: try r.text("request"),
            amount: try r.uint64("amount"),
            feeReserve: try r.uint64("fee_reserve"),
            state: MeltQuoteState(rawValue: try r.text("state")),
            expiry: try r.optionalUInt64("expiry"),
            paymentPreimage: try r.optionalText("payment_preimage"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    var sqliteArguments: StatementArguments {
        [
            id, mintURL.rawValue, unit.rawValue, method, request, SQLiteValue.integer(amount),
            SQLiteValue.integer(feeReserve), state.rawValue, SQLiteValue.integer(expiry), paymentPreimage,
            SQLiteValue.real(createdAt), SQLiteValue.real(updatedAt),
        ]
    }
}

extension HistoryEntry {
    static let sqlColumns = "id, kind, mint_url, unit, amount, fee, state, memo, created_at, updated_at"

    init(sqliteRow row: Row) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "history")
        self.init(
            id: OperationID(rawValue: try r.text("id")),
            kind: try r.parsed("kind") { OperationKind(rawValue: $0) },
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            amount: try r.uint64("amount"),
            fee: try r.uint64("fee"),
            state: try r.parsed("state") { HistoryEntry.State(rawValue: $0) },
            memo: try r.optionalText("memo"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    var sqliteArguments: StatementArguments {
        [
            id.rawValue, kind.rawValue, mintURL.rawValue, unit.rawValue, SQLiteValue.integer(amount),
            SQLiteValue.integer(fee), state.rawValue, memo, SQLiteValue.real(createdAt), SQLiteValue.real(updatedAt),
        ]
    }
}
