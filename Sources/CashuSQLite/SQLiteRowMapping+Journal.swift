// Storage: operations, quotes and history entries to and from SQLite rows (column formats in SQLiteValue).

import CashuEngine
import Foundation
import GRDB

extension OperationRecord {
    static let sqlColumns = "id, kind, mint_url, unit, state, payload, created_at, updated_at"

    init(sqliteRow row: Row) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "operations")
        self.init(
            id: OperationID(rawValue: try r.text("id")),
            kind: try r.parsed("kind") { OperationKind(rawValue: $0) },
            mintURL: try r.parsed("mint_url") { try MintURL($0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            state: try r.parsed("state") { OperationState(rawValue: $0) },
            payload: try r.bytes("payload"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    var sqliteArguments: StatementArguments {
        [
            id.rawValue, kind.rawValue, mintURL.rawValue, unit.rawValue, state.rawValue, Data(payload),
            SQLiteValue.real(createdAt), SQLiteValue.real(updatedAt),
        ]
    }
}

extension StoredMintQuote {
    static let sqlColumns =
        "id, mint_url, unit, method, amount, request, state, expiry, pubkey, created_at, updated_at"

    init(sqliteRow row: Row) throws(StorageError) {
        let r = SQLiteRowReader(row: row, table: "mint_quotes")
        self.init(
            id: try r.text("id"),
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

    var sqliteArguments: StatementArguments {
        [
            id, mintURL.rawValue, unit.rawValue, method, SQLiteValue.integer(amount), request, state.rawValue,
            SQLiteValue.integer(expiry), pubkey?.hex, SQLiteValue.real(createdAt), SQLiteValue.real(updatedAt),
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
