// Storage: the wallet's metadata in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func metadata(_ key: String) throws -> String? {
        try fetchOne("SELECT value FROM metadata WHERE key = ?", [.text(key)], during: "metadata") {
            row throws(StorageError) in try SQLRowReader(row, table: "metadata").text("value")
        }
    }

    package func setMetadata(_ key: String, _ value: String) throws {
        try requireWritable("setMetadata")
        try execute(
            "INSERT INTO metadata (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [.text(key), .text(value)], during: "setMetadata")
    }
}
