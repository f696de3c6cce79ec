// Storage: mints in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func saveMint(_ mint: StoredMint) throws {
        try requireWritable("saveMint")
        try execute(
            """
            INSERT INTO mints (\(StoredMint.sqlColumns)) VALUES (?, ?, ?, ?)
            ON CONFLICT (url) DO UPDATE SET info_json = excluded.info_json,
                info_fetched_at = excluded.info_fetched_at, added_at = excluded.added_at
            """, mint.sqlValues, during: "saveMint")
    }

    package func mint(url: MintURL) throws -> StoredMint? {
        try fetchOne(
            "SELECT \(StoredMint.sqlColumns) FROM mints WHERE url = ?", [.text(url.rawValue)], during: "mint",
            StoredMint.init(sqlRow:))
    }

    package func mints() throws -> [StoredMint] {
        try fetch(
            "SELECT \(StoredMint.sqlColumns) FROM mints ORDER BY \(dialect.byteOrder("url"))", [], during: "mints",
            StoredMint.init(sqlRow:))
    }

    package func removeMint(url: MintURL) throws {
        try requireWritable("removeMint")
        try execute("DELETE FROM mints WHERE url = ?", [.text(url.rawValue)], during: "removeMint")
    }
}
