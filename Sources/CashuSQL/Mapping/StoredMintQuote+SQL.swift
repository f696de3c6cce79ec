// Storage: a mint quote to and from a `mint_quotes` row (column formats in SQLValue).

import CashuEngine

extension StoredMintQuote {
    package static let sqlColumns =
        "id, mint_url, unit, method, amount, request, state, expiry, pubkey, created_at, updated_at, sealed"
    package static let sqlColumnCount = 12

    /// The `id` column's value for a quote id: its tag when records are sealed.
    package static func idColumn(_ id: String, sealer: RecordSealer?) -> String {
        sealer?.tag(id, domain: SealedRecordFields.mintQuoteDomain) ?? id
    }

    package init(sqlRow row: some SQLRow, sealer: RecordSealer?) throws(StorageError) {
        let r = SQLRowReader(row, table: "mint_quotes")
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
            mintURL: try r.mintURL(),
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

    package func sqlValues(sealer: RecordSealer?) throws(StorageError) -> [SQLValue] {
        let column = Self.idColumn(id, sealer: sealer)
        let sealed = try sealer.map { sealer throws(StorageError) in try Self.sealedID(id, column: column, sealer) }
        return [
            .text(column), .text(mintURL.rawValue), .text(unit.rawValue), .text(method), .amount(amount),
            .text(request), .text(state.rawValue), .amount(expiry), .text(pubkey?.hex), .date(createdAt),
            .date(updatedAt), .bytes(sealed),
        ]
    }

    /// The `sealed` column of a sealed quote: its id, bound to the tag that stands in the `id` column.
    package static func sealedID(_ id: String, column: String, _ sealer: RecordSealer) throws(StorageError)
        -> [UInt8]
    {
        try SealedRecordFields.sealField(
            Array(id.utf8), context: SealedRecordFields.mintQuoteContext(column), with: sealer)
    }
}
