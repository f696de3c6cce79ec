// Storage: a keyset to and from a `keysets` row (column formats in SQLValue).

import CashuEngine

extension StoredKeyset {
    package static let sqlColumns = "id, mint_url, unit, active, input_fee_ppk, final_expiry, keys_json"

    package init(sqlRow row: some SQLRow) throws(StorageError) {
        let r = SQLRowReader(row, table: "keysets")
        self.init(
            mintURL: try r.mintURL(),
            id: try r.parsed("id") { try KeysetID(hex: $0) },
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            active: try r.bool("active"),
            inputFeePPK: try r.uint64("input_fee_ppk"),
            finalExpiry: try r.optionalUInt64("final_expiry"),
            keys: try r.json(KeysetKeys.self, "keys_json"))
    }

    package func sqlValues() throws(StorageError) -> [SQLValue] {
        let keysJSON = try keys.map { keys throws(StorageError) in try StoredJSON.text(keys, "a keyset's keys") }
        return [
            .text(id.hex), .text(mintURL.rawValue), .text(unit.rawValue), .boolean(active), .amount(inputFeePPK),
            .amount(finalExpiry), .text(keysJSON),
        ]
    }
}
