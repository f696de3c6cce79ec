// Storage: keysets and NUT-13 counters in the PostgreSQL wallet store.

import CashuEngine

extension PostgresTransaction: KeysetStore {
    func saveKeyset(_ keyset: StoredKeyset) throws {
        try requireWritable("saveKeyset")
        try execute(
            """
            INSERT INTO keysets (\(StoredKeyset.postgresColumns)) VALUES ($1, $2, $3, $4, $5, $6, $7)
            ON CONFLICT (id) DO UPDATE SET mint_url = excluded.mint_url, unit = excluded.unit,
                active = excluded.active, input_fee_ppk = excluded.input_fee_ppk,
                final_expiry = excluded.final_expiry, keys_json = excluded.keys_json
            """, try keyset.postgresValues(), during: "saveKeyset")
    }

    func keyset(id: KeysetID) throws -> StoredKeyset? {
        try fetchOne(
            "SELECT \(StoredKeyset.postgresColumns) FROM keysets WHERE id = $1", [.text(id.hex)], during: "keyset",
            StoredKeyset.init(postgresRow:))
    }

    func keysets(mintURL: MintURL?) throws -> [StoredKeyset] {
        if let mintURL {
            return try fetch(
                "SELECT \(StoredKeyset.postgresColumns) FROM keysets WHERE mint_url = $1 ORDER BY id COLLATE \"C\"",
                [.text(mintURL.rawValue)], during: "keysets", StoredKeyset.init(postgresRow:))
        }
        return try fetch(
            "SELECT \(StoredKeyset.postgresColumns) FROM keysets ORDER BY mint_url COLLATE \"C\", id COLLATE \"C\"",
            during: "keysets", StoredKeyset.init(postgresRow:))
    }

    func removeKeysets(mintURL: MintURL) throws {
        try requireWritable("removeKeysets")
        try execute("DELETE FROM keysets WHERE mint_url = $1", [.text(mintURL.rawValue)], during: "removeKeysets")
    }
}

extension PostgresTransaction: CounterStore {
    func counter(keysetID: KeysetID) throws -> UInt64 {
        try fetchOne("SELECT next FROM counters WHERE keyset_id = $1", [.text(keysetID.hex)], during: "counter") {
            row throws(StorageError) in try PostgresRowReader(row, table: "counters").uint64("next")
        } ?? 0
    }

    func reserveCounters(keysetID: KeysetID, count: UInt64) throws -> Range<UInt64> {
        try requireWritable("reserveCounters")
        // Write transactions hold the wallet's lock, so reading and then writing cannot interleave with another writer.
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
        try execute(
            "INSERT INTO counters (keyset_id, next) VALUES ($1, $2) "
                + "ON CONFLICT (keyset_id) DO UPDATE SET next = excluded.next",
            [.text(keysetID.hex), .amount(next)], during: operation)
    }
}
