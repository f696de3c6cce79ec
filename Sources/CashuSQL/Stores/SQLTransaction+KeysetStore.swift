// Storage: keysets in a SQL store.

import CashuEngine

extension SQLTransaction {
    package func saveKeyset(_ keyset: StoredKeyset) throws {
        try requireWritable("saveKeyset")
        // An upsert, not a replace: a replace deletes the row first, which a later foreign key would see.
        try execute(
            """
            INSERT INTO keysets (\(StoredKeyset.sqlColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                active = excluded.active, input_fee_ppk = excluded.input_fee_ppk,
                final_expiry = excluded.final_expiry, keys_json = excluded.keys_json
            """, try keyset.sqlValues(), during: "saveKeyset")
    }

    package func keyset(id: KeysetID) throws -> StoredKeyset? {
        try fetchOne(
            "SELECT \(StoredKeyset.sqlColumns) FROM keysets WHERE id = ?", [.text(id.hex)], during: "keyset",
            StoredKeyset.init(sqlRow:))
    }

    package func keysets(mintURL: MintURL?) throws -> [StoredKeyset] {
        if let mintURL {
            return try fetch(
                "SELECT \(StoredKeyset.sqlColumns) FROM keysets WHERE mint_url = ? ORDER BY \(dialect.byteOrder("id"))",
                [.text(mintURL.rawValue)], during: "keysets", StoredKeyset.init(sqlRow:))
        }
        return try fetch(
            "SELECT \(StoredKeyset.sqlColumns) FROM keysets "
                + "ORDER BY \(dialect.byteOrder("mint_url")), \(dialect.byteOrder("id"))",
            [], during: "keysets", StoredKeyset.init(sqlRow:))
    }

    package func removeKeysets(mintURL: MintURL) throws {
        try requireWritable("removeKeysets")
        try execute("DELETE FROM keysets WHERE mint_url = ?", [.text(mintURL.rawValue)], during: "removeKeysets")
    }
}
