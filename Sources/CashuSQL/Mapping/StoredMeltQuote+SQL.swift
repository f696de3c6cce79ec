// Storage: a melt quote to and from a `melt_quotes` row (column formats in SQLValue).

import CashuEngine

extension StoredMeltQuote {
    package static let sqlColumns =
        "id, mint_url, unit, method, request, amount, fee_reserve, state, expiry, payment_preimage, created_at, "
        + "updated_at"
    package static let sqlColumnCount = 12

    package init(sqlRow row: some SQLRow) throws(StorageError) {
        let r = SQLRowReader(row, table: "melt_quotes")
        self.init(
            id: try r.text("id"),
            mintURL: try r.mintURL(),
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

    package var sqlValues: [SQLValue] {
        [
            .text(id), .text(mintURL.rawValue), .text(unit.rawValue), .text(method), .text(request), .amount(amount),
            .amount(feeReserve), .text(state.rawValue), .amount(expiry), .text(paymentPreimage), .date(createdAt),
            .date(updatedAt),
        ]
    }
}
