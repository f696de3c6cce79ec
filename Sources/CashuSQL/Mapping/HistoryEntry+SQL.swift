// Storage: a history line to and from a `history` row (column formats in SQLValue).

import CashuEngine

extension HistoryEntry {
    package static let sqlColumns = "id, kind, mint_url, unit, amount, fee, state, memo, created_at, updated_at"
    package static let sqlColumnCount = 10

    package init(sqlRow row: some SQLRow) throws(StorageError) {
        let r = SQLRowReader(row, table: "history")
        self.init(
            id: OperationID(rawValue: try r.text("id")),
            kind: try r.parsed("kind") { OperationKind(rawValue: $0) },
            mintURL: try r.mintURL(),
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            amount: try r.uint64("amount"),
            fee: try r.uint64("fee"),
            state: try r.parsed("state") { HistoryEntry.State(rawValue: $0) },
            memo: try r.optionalText("memo"),
            createdAt: try r.date("created_at"),
            updatedAt: try r.date("updated_at"))
    }

    package var sqlValues: [SQLValue] {
        [
            .text(id.rawValue), .text(kind.rawValue), .text(mintURL.rawValue), .text(unit.rawValue), .amount(amount),
            .amount(fee), .text(state.rawValue), .text(memo), .date(createdAt), .date(updatedAt),
        ]
    }
}
