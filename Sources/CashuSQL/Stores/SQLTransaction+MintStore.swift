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

    /// One statement a table; the triggers move the proofs' balances and counts with them.
    package func moveMint(from old: MintURL, to new: MintURL) throws -> Int {
        try requireWritable("moveMint")
        let values: [SQLValue] = [.text(new.rawValue), .text(old.rawValue)]
        try execute("UPDATE mints SET url = ? WHERE url = ?", values, during: "moveMint")
        var moved = 0
        for table in Self.tablesWithAMint {
            let changed = try execute("UPDATE \(table) SET mint_url = ? WHERE mint_url = ?", values, during: "moveMint")
            if table == "proofs" { moved = changed }
        }
        return moved
    }

    /// The tables whose rows name their mint in `mint_url` (`proof_balances` and `proof_counts` follow `proofs`).
    private static var tablesWithAMint: [String] {
        [
            "keysets", "proofs", "mint_quotes", "melt_quotes", "operations", "history", "queued_operations",
            "auth_proofs",
        ]
    }
}
