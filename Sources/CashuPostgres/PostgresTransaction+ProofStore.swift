// Storage: proofs in the PostgreSQL wallet store.

import CashuEngine

extension PostgresTransaction: ProofStore {
    /// Rows per multi-row INSERT (13 values each, far below the protocol's 65,535 binds).
    static let insertBatch = 500

    @discardableResult
    func addProofs(_ proofs: [StoredProof]) throws -> Int {
        try requireWritable("addProofs")
        var added = 0
        for batch in proofs.chunked(Self.insertBatch) {
            var values: [PostgresValue] = []
            var rows: [String] = []
            for proof in batch {
                rows.append("(" + placeholders(from: values.count + 1, count: 14) + ")")
                values += try proof.postgresValues(sealer: sealer)
            }
            added += try execute(
                "INSERT INTO proofs (\(StoredProof.postgresColumns)) VALUES \(rows.joined(separator: ", ")) "
                    + "ON CONFLICT (y) DO NOTHING", values, during: "addProofs")
        }
        return added
    }

    func proofs(mintURL: MintURL?, unit: CurrencyUnit?, statuses: Set<ProofStatus>) throws -> [StoredProof] {
        guard !statuses.isEmpty else { return [] }
        var values: [PostgresValue] = [.textArray(statuses.map(\.rawValue).sorted())]
        var sql = "SELECT \(StoredProof.postgresColumns) FROM proofs WHERE status = ANY($1)"
        if let mintURL {
            values.append(.text(mintURL.rawValue))
            sql += " AND mint_url = $\(values.count)"
        }
        if let unit {
            values.append(.text(unit.rawValue))
            sql += " AND unit = $\(values.count)"
        }
        let mintURLs = MintURLMemo()
        return try fetch(sql + " ORDER BY created_at, seq", values, during: "proofs") { row throws(StorageError) in
            try StoredProof(postgresRow: row, mintURLs: mintURLs, sealer: sealer)
        }
    }

    func proofs(operationID: OperationID) throws -> [StoredProof] {
        let mintURLs = MintURLMemo()
        return try fetch(
            "SELECT \(StoredProof.postgresColumns) FROM proofs WHERE operation_id = $1 ORDER BY created_at, seq",
            [.text(operationID.rawValue)], during: "proofs"
        ) { row throws(StorageError) in try StoredProof(postgresRow: row, mintURLs: mintURLs, sealer: sealer) }
    }

    func proofs(Ys: [CompressedPoint]) throws -> [StoredProof] {
        let keys = Array(Set(Ys.map(\.hex)))
        guard !keys.isEmpty else { return [] }
        let mintURLs = MintURLMemo()
        return try fetch(
            "SELECT \(StoredProof.postgresColumns) FROM proofs WHERE y = ANY($1) ORDER BY created_at, seq",
            [.textArray(keys)], during: "proofs"
        ) { row throws(StorageError) in try StoredProof(postgresRow: row, mintURLs: mintURLs, sealer: sealer) }
    }

    func setStatus(_ status: ProofStatus, Ys: [CompressedPoint], operationID: OperationID?) throws {
        try requireWritable("setStatus")
        let keys = Array(Set(Ys.map(\.hex)))
        guard !keys.isEmpty else { return }
        // Check every Y first so that a caller who catches notFound is left with nothing half-done.
        let found = try count("SELECT COUNT(*) FROM proofs WHERE y = ANY($1)", [.textArray(keys)], during: "setStatus")
        guard found == keys.count else { throw StorageError(.notFound, "setStatus: a proof is not stored") }
        try execute(
            "UPDATE proofs SET status = $1, operation_id = $2 WHERE y = ANY($3)",
            [.text(status.rawValue), .text(operationID?.rawValue), .textArray(keys)], during: "setStatus")
    }

    func removeProofs(Ys: [CompressedPoint]) throws {
        try requireWritable("removeProofs")
        let keys = Array(Set(Ys.map(\.hex)))
        guard !keys.isEmpty else { return }
        try execute("DELETE FROM proofs WHERE y = ANY($1)", [.textArray(keys)], during: "removeProofs")
    }

    /// Sums the trigger-kept `proof_counts` (PostgresMigrations.v4) by mint, unit and status: a few rows however
    /// many proofs. SQL sums the low and high 32-bit halves apart (amounts are stored as the bits of a UInt64; a half
    /// times a count below 2^31 fits a BIGINT); Swift joins them with overflow checks.
    func balances(statuses: Set<ProofStatus>) throws -> [ProofBalance] {
        let selected = (statuses.isEmpty ? Set(ProofStatus.allCases) : statuses).map(\.rawValue).sorted()
        let balances = try fetch(
            """
            SELECT status, mint_url, unit, SUM(count)::BIGINT AS count,
                SUM((amount & 4294967295) * count)::BIGINT AS low,
                SUM(((amount >> 32) & 4294967295) * count)::BIGINT AS high
            FROM proof_counts WHERE status = ANY($1) GROUP BY status, mint_url, unit
            """, [.textArray(selected)], during: "balances"
        ) { row throws(StorageError) in
            let r = PostgresRowReader(row, table: "proofs")
            return ProofBalance(
                mintURL: try r.parsed("mint_url") { try MintURL($0) },
                unit: CurrencyUnit(rawValue: try r.text("unit")),
                status: try r.parsed("status") { ProofStatus(rawValue: $0) },
                amount: try AmountSum.combining(high: r.uint64("high"), low: r.uint64("low")),
                count: try r.int("count"))
        }
        return balances.sorted(by: ProofBalance.storeOrder)
    }

    /// Reads the trigger-kept `proof_counts` (PostgresMigrations.v4): a few rows however many proofs.
    func proofBuckets(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus) throws -> [ProofBucket] {
        try fetch(
            "SELECT keyset_id, amount, count FROM proof_counts WHERE status = $1 AND mint_url = $2 AND unit = $3",
            [.text(status.rawValue), .text(mintURL.rawValue), .text(unit.rawValue)], during: "proofBuckets"
        ) { row throws(StorageError) in
            let r = PostgresRowReader(row, table: "proofs")
            return ProofBucket(
                keysetID: try r.parsed("keyset_id") { try KeysetID(hex: $0) }, amount: try r.uint64("amount"),
                count: try r.int("count"))
        }
    }

    func proofKeysets(
        mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, amount: UInt64, in keysetIDs: Set<KeysetID>
    ) throws -> [KeysetID] {
        guard !keysetIDs.isEmpty else { return [] }
        return try fetch(
            "SELECT keyset_id FROM proofs WHERE status = $1 AND mint_url = $2 AND unit = $3 AND amount = $4 "
                + "AND keyset_id = ANY($5) ORDER BY created_at, seq",
            [
                .text(status.rawValue), .text(mintURL.rawValue), .text(unit.rawValue), .amount(amount),
                .textArray(keysetIDs.map(\.hex).sorted()),
            ], during: "proofKeysets"
        ) { row throws(StorageError) in
            try PostgresRowReader(row, table: "proofs").parsed("keyset_id") { try KeysetID(hex: $0) }
        }
    }

    /// One query per bucket through `proofs_by_bucket`, each reading only the rows it returns.
    func oldestProofs(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, buckets: [ProofBucket]) throws
        -> [StoredProof]
    {
        let mintURLs = MintURLMemo()
        var proofs: [StoredProof] = []
        for bucket in buckets where bucket.count > 0 {
            proofs += try fetch(
                "SELECT \(StoredProof.postgresColumns) FROM proofs WHERE status = $1 AND mint_url = $2 AND unit = $3 "
                    + "AND keyset_id = $4 AND amount = $5 ORDER BY created_at, seq LIMIT $6",
                [
                    .text(status.rawValue), .text(mintURL.rawValue), .text(unit.rawValue), .text(bucket.keysetID.hex),
                    .amount(bucket.amount), .integer(Int64(bucket.count)),
                ], during: "oldestProofs"
            ) { row throws(StorageError) in try StoredProof(postgresRow: row, mintURLs: mintURLs, sealer: sealer) }
        }
        return proofs
    }
}
