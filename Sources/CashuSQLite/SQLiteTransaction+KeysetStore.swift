// Storage: keysets and NUT-13 counters in the SQLite wallet store.

import CashuEngine
import GRDB

extension SQLiteTransaction: KeysetStore {
    func saveKeyset(_ keyset: StoredKeyset) throws {
        try requireWritable("saveKeyset")
        // An upsert, not INSERT OR REPLACE: a replace deletes the row first, which a later foreign key would see.
        try mappingErrors("saveKeyset") {
            try execute(
                """
                INSERT INTO keysets (\(StoredKeyset.sqlColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                    active = excluded.active, input_fee_ppk = excluded.input_fee_ppk,
                    final_expiry = excluded.final_expiry, keys_json = excluded.keys_json
                """, try keyset.sqliteArguments())
        }
    }

    func keyset(id: KeysetID) throws -> StoredKeyset? {
        try mappingErrors("keyset") {
            try fetchOne(
                "SELECT \(StoredKeyset.sqlColumns) FROM keysets WHERE id = ?", [id.hex], StoredKeyset.init(sqliteRow:))
        }
    }

    func keysets(mintURL: MintURL?) throws -> [StoredKeyset] {
        try mappingErrors("keysets") {
            if let mintURL {
                return try fetch(
                    "SELECT \(StoredKeyset.sqlColumns) FROM keysets WHERE mint_url = ? ORDER BY id",
                    [mintURL.rawValue], StoredKeyset.init(sqliteRow:))
            }
            return try fetch(
                "SELECT \(StoredKeyset.sqlColumns) FROM keysets ORDER BY mint_url, id", [],
                StoredKeyset.init(sqliteRow:))
        }
    }

    func removeKeysets(mintURL: MintURL) throws {
        try requireWritable("removeKeysets")
        try mappingErrors("removeKeysets") { try execute("DELETE FROM keysets WHERE mint_url = ?", [mintURL.rawValue]) }
    }
}

extension SQLiteTransaction: CounterStore {
    func counter(keysetID: KeysetID) throws -> UInt64 {
        try mappingErrors("counter") {
            try fetchOne("SELECT next FROM counters WHERE keyset_id = ?", [keysetID.hex]) { row throws(StorageError) in
                try SQLiteRowReader(row: row, table: "counters").uint64("next")
            } ?? 0
        }
    }

    func reserveCounters(keysetID: KeysetID, count: UInt64) throws -> Range<UInt64> {
        try requireWritable("reserveCounters")
        // The write transaction is exclusive, so reading and then writing cannot interleave with another writer.
        let first = try counter(keysetID: keysetID)
        let (end, overflow) = first.addingReportingOverflow(count)
        guard !overflow else { throw StorageError(.overflow, "reserveCounters: the counter would pass UInt64.max") }
        try storeCounter(keysetID, end, "reserveCounters")
        return first..<end
    }

    func raiseCounter(keysetID: KeysetID, to value: UInt64) throws {
        try requireWritable("raiseCounter")
        if value > (try counter(keysetID: keysetID)) { try storeCounter(keysetID, value, "raiseCounter") }
    }

    private func storeCounter(_ keysetID: KeysetID, _ next: UInt64, _ operation: String) throws(StorageError) {
        try mappingErrors(operation) {
            try execute(
                "INSERT INTO counters (keyset_id, next) VALUES (?, ?) "
                    + "ON CONFLICT (keyset_id) DO UPDATE SET next = excluded.next",
                [keysetID.hex, SQLiteValue.integer(next)])
        }
    }
}
