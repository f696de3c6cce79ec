// Storage: proofs in the SQLite wallet store.

import CashuEngine
import GRDB

extension SQLiteTransaction: ProofStore {
    @discardableResult
    func addProofs(_ proofs: [StoredProof]) throws -> Int {
        try requireWritable("addProofs")
        return try mappingErrors("addProofs") {
            let statement = try db.cachedStatement(
                sql: "INSERT INTO proofs (\(StoredProof.sqlColumns)) VALUES (\(databaseQuestionMarks(count: 14))) "
                    + "ON CONFLICT (y) DO NOTHING")
            var added = 0
            for proof in proofs {
                try statement.execute(arguments: try proof.sqliteArguments(sealer: sealer))
                added += db.changesCount
            }
            return added
        }
    }

    func proofs(mintURL: MintURL?, unit: CurrencyUnit?, statuses: Set<ProofStatus>) throws -> [StoredProof] {
        guard !statuses.isEmpty else { return [] }
        let sortedStatuses = statuses.map(\.rawValue).sorted()
        var arguments = StatementArguments(sortedStatuses)
        if let mintURL { arguments += [mintURL.rawValue] }
        if let unit { arguments += [unit.rawValue] }
        let sql = Self.proofsSQL(statusCount: sortedStatuses.count, byMint: mintURL != nil, byUnit: unit != nil)
        let mintURLs = MintURLMemo()
        return try mappingErrors("proofs") {
            try fetch(sql, arguments) { try StoredProof(sqliteRow: $0, mintURLs: mintURLs, sealer: sealer) }
        }
    }

    func proofs(operationID: OperationID) throws -> [StoredProof] {
        let mintURLs = MintURLMemo()
        return try mappingErrors("proofs") {
            try fetch(
                "SELECT \(StoredProof.sqlColumns) FROM proofs WHERE operation_id = ? ORDER BY created_at, seq",
                [operationID.rawValue]
            ) { try StoredProof(sqliteRow: $0, mintURLs: mintURLs, sealer: sealer) }
        }
    }

    func proofs(Ys: [CompressedPoint]) throws -> [StoredProof] {
        let keys = Array(Set(Ys.map(\.hex)))
        let mintURLs = MintURLMemo()
        return try mappingErrors("proofs") {
            try keys.chunked(Self.chunkSize).flatMap { chunk in
                try fetch(
                    "SELECT \(StoredProof.sqlColumns) FROM proofs WHERE y IN \(sqlList(chunk.count)) "
                        + "ORDER BY created_at, seq",
                    StatementArguments(Array(chunk))
                ) { try StoredProof(sqliteRow: $0, mintURLs: mintURLs, sealer: sealer) }
            }
        }
    }

    func setStatus(_ status: ProofStatus, Ys: [CompressedPoint], operationID: OperationID?) throws {
        try requireWritable("setStatus")
        let keys = Array(Set(Ys.map(\.hex)))
        let chunks = keys.chunked(Self.chunkSize)
        try mappingErrors("setStatus") {
            // Check every Y first so that a caller who catches notFound is left with nothing half-done.
            var found = 0
            for chunk in chunks {
                let sql = "SELECT COUNT(*) FROM proofs WHERE y IN \(sqlList(chunk.count))"
                let arguments = StatementArguments(Array(chunk))
                found += try Int.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) ?? 0
            }
            guard found == keys.count else { throw StorageError(.notFound, "setStatus: a proof is not stored") }
            for chunk in chunks {
                try execute(
                    "UPDATE proofs SET status = ?, operation_id = ? WHERE y IN \(sqlList(chunk.count))",
                    [status.rawValue, operationID?.rawValue] + StatementArguments(Array(chunk)))
            }
        }
    }

    func removeProofs(Ys: [CompressedPoint]) throws {
        try requireWritable("removeProofs")
        let keys = Array(Set(Ys.map(\.hex)))
        try mappingErrors("removeProofs") {
            for chunk in keys.chunked(Self.chunkSize) {
                try execute("DELETE FROM proofs WHERE y IN \(sqlList(chunk.count))", StatementArguments(Array(chunk)))
            }
        }
    }

    /// Reads the trigger-maintained `proof_balances` (see ``SQLiteMigrations/proofBalances``): a few rows, however
    /// many proofs. SQL keeps the low and high 32-bit halves of the sums apart; Swift joins them with overflow checks.
    func balances(statuses: Set<ProofStatus>) throws -> [ProofBalance] {
        let selected = (statuses.isEmpty ? Set(ProofStatus.allCases) : statuses).map(\.rawValue).sorted()
        let sql = Self.balancesSQL(statusCount: selected.count)
        let balances = try mappingErrors("balances") {
            try fetch(sql, StatementArguments(selected)) { row throws(StorageError) in
                let r = SQLiteRowReader(row: row, table: "proofs")
                return ProofBalance(
                    mintURL: try r.parsed("mint_url") { try MintURL($0) },
                    unit: CurrencyUnit(rawValue: try r.text("unit")),
                    status: try r.parsed("status") { ProofStatus(rawValue: $0) },
                    amount: try AmountSum.combining(high: r.uint64("high"), low: r.uint64("low")),
                    count: try r.int("count"))
            }
        }
        return balances.sorted(by: ProofBalance.storeOrder)
    }

    /// Reads the trigger-maintained `proof_counts` (see ``SQLiteMigrations/v6(_:)``): a few rows, however many proofs.
    func proofBuckets(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus) throws -> [ProofBucket] {
        try mappingErrors("proofBuckets") {
            try fetch(
                "SELECT keyset_id, amount, count FROM proof_counts WHERE status = ? AND mint_url = ? AND unit = ?",
                [status.rawValue, mintURL.rawValue, unit.rawValue]
            ) { row throws(StorageError) in
                let r = SQLiteRowReader(row: row, table: "proof_counts")
                return ProofBucket(
                    keysetID: try r.parsed("keyset_id") { try KeysetID(hex: $0) }, amount: try r.uint64("amount"),
                    count: try r.int("count"))
            }
        }
    }

    func proofKeysets(
        mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, amount: UInt64, in keysetIDs: Set<KeysetID>
    ) throws -> [KeysetID] {
        guard !keysetIDs.isEmpty else { return [] }
        let ids = keysetIDs.map(\.hex).sorted()
        let arguments: StatementArguments =
            [status.rawValue, mintURL.rawValue, unit.rawValue, SQLiteValue.integer(amount)] + StatementArguments(ids)
        return try mappingErrors("proofKeysets") {
            try fetch(
                "SELECT keyset_id FROM proofs WHERE status = ? AND mint_url = ? AND unit = ? AND amount = ? "
                    + "AND keyset_id IN \(sqlList(ids.count)) ORDER BY created_at, seq", arguments
            ) { row throws(StorageError) in
                try SQLiteRowReader(row: row, table: "proofs").parsed("keyset_id") { try KeysetID(hex: $0) }
            }
        }
    }

    /// One query per bucket through `proofs_by_bucket`, each reading only the rows it returns.
    func oldestProofs(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, buckets: [ProofBucket]) throws
        -> [StoredProof]
    {
        let sql =
            "SELECT \(StoredProof.sqlColumns) FROM proofs INDEXED BY proofs_by_bucket WHERE status = ? AND mint_url = ? "
            + "AND unit = ? AND keyset_id = ? AND amount = ? ORDER BY created_at, seq LIMIT ?"
        let mintURLs = MintURLMemo()
        return try mappingErrors("oldestProofs") {
            try buckets.filter { $0.count > 0 }.flatMap { bucket in
                try fetch(
                    sql,
                    [
                        status.rawValue, mintURL.rawValue, unit.rawValue, bucket.keysetID.hex,
                        SQLiteValue.integer(bucket.amount), bucket.count,
                    ]
                ) { try StoredProof(sqliteRow: $0, mintURLs: mintURLs, sealer: sealer) }
            }
        }
    }

    /// The balances query for `statusCount` statuses.
    static func balancesSQL(statusCount: Int) -> String {
        "SELECT status, mint_url, unit, count, low, high FROM proof_balances WHERE status IN \(sqlList(statusCount))"
    }

    /// What `proof_balances` must hold, computed from `proofs` (every status).
    static let balancesFromProofsSQL = """
        SELECT status, mint_url, unit, COUNT(*) AS count, SUM(amount & 4294967295) AS low,
            SUM((amount >> 32) & 4294967295) AS high
        FROM proofs GROUP BY status, mint_url, unit
        """

    /// What `proof_counts` must hold, computed from `proofs` (every status).
    static let countsFromProofsSQL = """
        SELECT status, mint_url, unit, keyset_id, amount, COUNT(*) AS count
        FROM proofs GROUP BY status, mint_url, unit, keyset_id, amount
        """

    /// The query of proofs by status (and mint, and unit), oldest first.
    static func proofsSQL(statusCount: Int, byMint: Bool, byUnit: Bool) -> String {
        "SELECT \(StoredProof.sqlColumns) FROM proofs WHERE status IN \(sqlList(statusCount))"
            + (byMint ? " AND mint_url = ?" : "") + (byUnit ? " AND unit = ?" : "") + " ORDER BY created_at, seq"
    }
}
