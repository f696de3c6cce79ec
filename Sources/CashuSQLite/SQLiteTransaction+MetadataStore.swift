// Storage: wallet metadata in the SQLite wallet store (table `metadata`, migration v2).

import CashuEngine
import GRDB

extension SQLiteTransaction: MetadataStore {
    func metadata(_ key: String) throws -> String? {
        try mappingErrors("metadata") {
            try fetchOne("SELECT value FROM metadata WHERE key = ?", [key]) { row throws(StorageError) in
                try SQLiteRowReader(row: row, table: "metadata").text("value")
            }
        }
    }

    func setMetadata(_ key: String, _ value: String) throws {
        try requireWritable("setMetadata")
        try mappingErrors("setMetadata") {
            try execute(
                "INSERT INTO metadata (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                [key, value])
        }
    }
}
