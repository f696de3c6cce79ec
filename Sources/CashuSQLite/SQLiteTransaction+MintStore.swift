// Storage: mints in the SQLite wallet store.

import CashuEngine
import GRDB

extension SQLiteTransaction: MintStore {
    func saveMint(_ mint: StoredMint) throws {
        try requireWritable("saveMint")
        try mappingErrors("saveMint") {
            try execute(
                """
                INSERT INTO mints (\(StoredMint.sqlColumns)) VALUES (?, ?, ?, ?)
                ON CONFLICT (url) DO UPDATE SET info_json = excluded.info_json,
                    info_fetched_at = excluded.info_fetched_at, added_at = excluded.added_at
                """, mint.sqliteArguments)
        }
    }

    func mint(url: MintURL) throws -> StoredMint? {
        try mappingErrors("mint") {
            try fetchOne(
                "SELECT \(StoredMint.sqlColumns) FROM mints WHERE url = ?", [url.rawValue], StoredMint.init(sqliteRow:))
        }
    }

    func mints() throws -> [StoredMint] {
        try mappingErrors("mints") {
            try fetch("SELECT \(StoredMint.sqlColumns) FROM mints ORDER BY url", [], StoredMint.init(sqliteRow:))
        }
    }

    func removeMint(url: MintURL) throws {
        try requireWritable("removeMint")
        try mappingErrors("removeMint") { try execute("DELETE FROM mints WHERE url = ?", [url.rawValue]) }
    }
}
