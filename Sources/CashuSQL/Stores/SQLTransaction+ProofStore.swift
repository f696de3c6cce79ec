// Storage: proofs in a SQL store (the balances excepted: each schema keeps them its own way).

import CashuEngine

extension SQLTransaction {
    @discardableResult
    package func addProofs(_ proofs: [StoredProof]) throws -> Int {
        try requireWritable("addProofs")
        var added = 0
        // The statement's text is built once per batch size, not per batch: SQLite inserts one row at a time, and
        // building (and hashing, for the statement cache) the text each time was a measured 4-5 % of an add.
        var sql = ""
        var sqlRows = 0
        for batch in proofs.chunked(dialect.insertBatch) {
            if batch.count != sqlRows {
                sqlRows = batch.count
                sql =
                    "INSERT INTO proofs (\(StoredProof.sqlColumns)) VALUES "
                    + "\(SQL.rows(sqlRows, of: StoredProof.sqlColumnCount)) ON CONFLICT (y) DO NOTHING"
            }
            var values: [SQLValue] = []
            values.reserveCapacity(batch.count * StoredProof.sqlColumnCount)
            for proof in batch { values += try proof.sqlValues(sealer: sealer) }
            added += try execute(sql, values, during: "addProofs")
        }
        return added
    }

    package func proofs(mintURL: MintURL?, unit: CurrencyUnit?, statuses: Set<ProofStatus>) throws -> [StoredProof] {
        guard !statuses.isEmpty else { return [] }
        let (sql, values) = ProofQueries.byStatus(
            dialect, statuses: statuses.map(\.rawValue).sorted(), mintURL: mintURL, unit: unit)
        let mintURLs = MintURLMemo()
        return try fetch(sql, values, during: "proofs") { row throws(StorageError) in
            try StoredProof(sqlRow: row, mintURLs: mintURLs, sealer: sealer)
        }
    }

    package func proofs(operationID: OperationID) throws -> [StoredProof] {
        let mintURLs = MintURLMemo()
        return try fetch(
            "SELECT \(StoredProof.sqlColumns) FROM proofs WHERE operation_id = ? ORDER BY created_at, seq",
            [.text(operationID.rawValue)], during: "proofs"
        ) { row throws(StorageError) in try StoredProof(sqlRow: row, mintURLs: mintURLs, sealer: sealer) }
    }

    package func proofs(Ys: [CompressedPoint]) throws -> [StoredProof] {
        let mintURLs = MintURLMemo()
        return try eachChunk(of: Array(Set(Ys.map(\.hex))), column: "y") { condition, values throws(StorageError) in
            try fetch(
                "SELECT \(StoredProof.sqlColumns) FROM proofs WHERE \(condition) ORDER BY created_at, seq", values,
                during: "proofs"
            ) { row throws(StorageError) in try StoredProof(sqlRow: row, mintURLs: mintURLs, sealer: sealer) }
        }.flatMap { $0 }
    }

    package func setStatus(_ status: ProofStatus, Ys: [CompressedPoint], operationID: OperationID?) throws {
        try requireWritable("setStatus")
        let keys = Array(Set(Ys.map(\.hex)))
        // Check every Y first so that a caller who catches notFound is left with nothing half-done.
        let found = try eachChunk(of: keys, column: "y") { condition, values throws(StorageError) in
            try count(
                "SELECT COUNT(*) AS count FROM proofs WHERE \(condition)", values, table: "proofs", during: "setStatus")
        }.reduce(0, +)
        guard found == keys.count else { throw StorageError(.notFound, "setStatus: a proof is not stored") }
        let set: [SQLValue] = [.text(status.rawValue), .text(operationID?.rawValue)]
        _ = try eachChunk(of: keys, column: "y", after: set) { condition, values throws(StorageError) in
            try execute(
                "UPDATE proofs SET status = ?, operation_id = ? WHERE \(condition)", values, during: "setStatus")
        }
    }

    package func removeProofs(Ys: [CompressedPoint]) throws {
        try requireWritable("removeProofs")
        _ = try eachChunk(of: Array(Set(Ys.map(\.hex))), column: "y") { condition, values throws(StorageError) in
            try execute("DELETE FROM proofs WHERE \(condition)", values, during: "removeProofs")
        }
    }

    /// Reads the trigger-kept `proof_counts`: a few rows, however many proofs.
    package func proofBuckets(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus) throws -> [ProofBucket] {
        try fetch(
            "SELECT keyset_id, amount, count FROM proof_counts WHERE status = ? AND mint_url = ? AND unit = ?",
            [.text(status.rawValue), .text(mintURL.rawValue), .text(unit.rawValue)], during: "proofBuckets"
        ) { row throws(StorageError) in
            let r = SQLRowReader(row, table: "proof_counts")
            return ProofBucket(
                keysetID: try r.parsed("keyset_id") { try KeysetID(hex: $0) }, amount: try r.uint64("amount"),
                count: try r.int("count"))
        }
    }

    package func proofKeysets(
        mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, amount: UInt64, in keysetIDs: Set<KeysetID>
    ) throws -> [KeysetID] {
        guard !keysetIDs.isEmpty else { return [] }
        let (condition, ids) = dialect.membership("keyset_id", keysetIDs.map(\.hex).sorted())
        return try fetch(
            "SELECT keyset_id FROM proofs WHERE status = ? AND mint_url = ? AND unit = ? AND amount = ? "
                + "AND \(condition) ORDER BY created_at, seq",
            [.text(status.rawValue), .text(mintURL.rawValue), .text(unit.rawValue), .amount(amount)] + ids,
            during: "proofKeysets"
        ) { row throws(StorageError) in
            try SQLRowReader(row, table: "proofs").parsed("keyset_id") { try KeysetID(hex: $0) }
        }
    }

    /// One query per bucket through `proofs_by_bucket`, each reading only the rows it returns.
    package func oldestProofs(
        mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, buckets: [ProofBucket]
    ) throws -> [StoredProof] {
        let sql =
            "SELECT \(StoredProof.sqlColumns) FROM proofs\(dialect.indexedBy("proofs_by_bucket")) WHERE status = ? "
            + "AND mint_url = ? AND unit = ? AND keyset_id = ? AND amount = ? ORDER BY created_at, seq LIMIT ?"
        let mintURLs = MintURLMemo()
        var proofs: [StoredProof] = []
        for bucket in buckets where bucket.count > 0 {
            proofs += try fetch(
                sql,
                [
                    .text(status.rawValue), .text(mintURL.rawValue), .text(unit.rawValue), .text(bucket.keysetID.hex),
                    .amount(bucket.amount), .count(bucket.count),
                ], during: "oldestProofs"
            ) { row throws(StorageError) in try StoredProof(sqlRow: row, mintURLs: mintURLs, sealer: sealer) }
        }
        return proofs
    }
}
