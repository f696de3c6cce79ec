// Storage: mints and metadata in the PostgreSQL wallet store.

import CashuEngine

extension PostgresTransaction: MintStore {
    func saveMint(_ mint: StoredMint) throws {
        try requireWritable("saveMint")
        try execute(
            """
            INSERT INTO mints (\(StoredMint.postgresColumns)) VALUES ($1, $2, $3, $4)
            ON CONFLICT (url) DO UPDATE SET info_json = excluded.info_json,
                info_fetched_at = excluded.info_fetched_at, added_at = excluded.added_at
            """, mint.postgresValues, during: "saveMint")
    }

    func mint(url: MintURL) throws -> StoredMint? {
        try fetchOne(
            "SELECT \(StoredMint.postgresColumns) FROM mints WHERE url = $1", [.text(url.rawValue)], during: "mint",
            StoredMint.init(postgresRow:))
    }

    func mints() throws -> [StoredMint] {
        try fetch(
            "SELECT \(StoredMint.postgresColumns) FROM mints ORDER BY url COLLATE \"C\"", during: "mints",
            StoredMint.init(postgresRow:))
    }

    func removeMint(url: MintURL) throws {
        try requireWritable("removeMint")
        try execute("DELETE FROM mints WHERE url = $1", [.text(url.rawValue)], during: "removeMint")
    }
}

extension PostgresTransaction: MetadataStore {
    func metadata(_ key: String) throws -> String? {
        try fetchOne("SELECT value FROM metadata WHERE key = $1", [.text(key)], during: "metadata") {
            row throws(StorageError) in try PostgresRowReader(row, table: "metadata").text("value")
        }
    }

    func setMetadata(_ key: String, _ value: String) throws {
        try requireWritable("setMetadata")
        try execute(
            "INSERT INTO metadata (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)], during: "setMetadata")
    }
}
