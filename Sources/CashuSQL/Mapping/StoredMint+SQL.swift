// Storage: a mint to and from a `mints` row (column formats in SQLValue).

import CashuEngine

extension StoredMint {
    package static let sqlColumns = "url, info_json, info_fetched_at, added_at"

    package init(sqlRow row: some SQLRow) throws(StorageError) {
        let r = SQLRowReader(row, table: "mints")
        self.init(
            url: try r.parsed("url") { try MintURL($0) },
            infoJSON: try r.optionalBytes("info_json"),
            infoFetchedAt: try r.optionalDate("info_fetched_at"),
            addedAt: try r.date("added_at"))
    }

    package var sqlValues: [SQLValue] {
        [.text(url.rawValue), .bytes(infoJSON), .date(infoFetchedAt), .date(addedAt)]
    }
}
