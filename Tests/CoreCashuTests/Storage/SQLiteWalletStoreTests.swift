// Tests of Storage/SQLite/SQLiteWalletStore.swift that only make sense on disk: connection settings, reopening,
// migrations, unreadable rows, a full disk, query plans and the trigger-kept balances and counts.

import CashuTestSupport
import Foundation
import GRDB
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CashuSQL
import CoreCashu

@Suite("SQLiteWalletStore")
struct SQLiteWalletStoreTests {
    typealias F = StoreFixtures

    @Test func connectionSettingsOnTheWriterAndTheReaders() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath, busyTimeout: 7)
        func pragma(_ db: Database, _ name: String) throws -> String? {
            try String.fetchOne(db, sql: "PRAGMA \(name)")
        }
        try store.pool.write { db throws in
            #expect(try pragma(db, "journal_mode") == "wal")
            #expect(try pragma(db, "synchronous") == "2")  // FULL
            #expect(try pragma(db, "foreign_keys") == "1")
            #expect(try pragma(db, "busy_timeout") == "7000")
            #expect(try pragma(db, "secure_delete") == "1")
        }
        try store.pool.read { db throws in
            #expect(try pragma(db, "synchronous") == "2")
            #expect(try pragma(db, "foreign_keys") == "1")
        }
    }

    /// With nothing queued on the writer connection, a first read runs there (a command opens one connection and
    /// parses the schema once), query-only, and leaves the writer writable; later reads go to reader connections.
    @Test func aReadOnAnIdleStoreRunsOnTheWriterQueryOnly() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let (label, queryOnly, inTransaction) = try await store.read { tx in
            let db = try #require(tx as? SQLiteTransaction).db
            return (db.description, try Int.fetchOne(db, sql: "PRAGMA query_only"), db.isInsideTransaction)
        }
        #expect(label.hasSuffix("writer"))
        #expect(queryOnly == 1 && inTransaction)
        // A body that throws leaves no transaction open and the writer writable.
        await #expect(throws: StorageError.self) {
            try await store.read { _ in throw StorageError(.corrupt, "test") }
        }
        let (writerQueryOnly, writerInTransaction) = try await store.pool.writeWithoutTransaction { db in
            (try Int.fetchOne(db, sql: "PRAGMA query_only"), db.isInsideTransaction)
        }
        #expect(writerQueryOnly == 0 && !writerInTransaction)
        try await store.write { tx in try tx.saveMint(StoredMint(url: StoreFixtures.mintA)) }
        #expect(try await store.read { tx in try tx.mints() }.count == 1)
        // After its first few reads, reads go to a reader connection (cheaper each, once opened).
        var labels: [String] = []
        for _ in 0..<SQLiteWalletStore.writerReadLimit {
            labels.append(try await store.read { tx in try #require(tx as? SQLiteTransaction).db.description })
        }
        #expect(labels.last?.contains("reader") == true)
    }

    @Test func reopeningTheFileKeepsEverything() async throws {
        let directory = try TemporaryDirectory()
        var store: SQLiteWalletStore? = try SQLiteWalletStore(path: directory.databasePath)
        let ids = try await F.populate(try #require(store))
        let before = try await StoreSnapshot(try #require(store), operationIDs: ids)
        store = nil
        let reopened = try SQLiteWalletStore(path: directory.databasePath)
        await #expect(try StoreSnapshot(reopened, operationIDs: ids) == before)
        #expect(!before.proofs.isEmpty && !before.keysets.isEmpty && !before.history.isEmpty)
    }

    @Test func anEmptyOrMissingFileIsMigratedToTheCurrentSchema() throws {
        let directory = try TemporaryDirectory()
        _ = FileManager.default.createFile(atPath: directory.databasePath, contents: Data())
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let (tables, migrations) = try store.pool.read { db throws in
            (
                try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"),
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")
            )
        }
        #expect(
            tables.isSuperset(of: [
                "mints", "keysets", "counters", "proofs", "operations", "mint_quotes", "melt_quotes", "history",
                "queued_operations",
            ]))
        #expect(migrations == ["v1", "v2", "v3", "v4", "v5", "v6"])

        let missing = directory.url.appendingPathComponent("new.sqlite").path
        _ = try SQLiteWalletStore(path: missing)
        #expect(FileManager.default.fileExists(atPath: missing))
    }

    /// A wallet written before v6 (the selection counts) keeps its proofs and gets them counted when it is opened.
    @Test func v6CountsTheProofsOfAnExistingWallet() async throws {
        let directory = try TemporaryDirectory()
        let proofs: [StoredProof] = try (0..<40).map { (index: Int) throws -> StoredProof in
            let mint: MintURL = index % 4 == 0 ? F.mintB : F.mintA
            let keyset: KeysetID = index % 3 == 0 ? F.keysetB : F.keysetA
            let status: ProofStatus = index % 6 == 0 ? .reserved : .unspent
            let amount: UInt64 = 1 << UInt64(index % 5)
            return try F.proof(
                amount: amount, mint: mint, keyset: keyset, status: status, createdAt: F.at(Double(index)))
        }
        do {
            let queue = try DatabaseQueue(path: directory.databasePath)
            try SQLiteMigrations.migrator.migrate(queue, upTo: "v5")
            try await queue.write { db in
                for proof in proofs {
                    try db.execute(
                        sql: "INSERT INTO proofs (\(StoredProof.sqlColumns)) "
                            + "VALUES (\(databaseQuestionMarks(count: 14)))",
                        arguments: try SQLiteTransaction.arguments(proof.sqlValues(sealer: nil), during: "test"))
                }
            }
        }
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let (counted, recounted) = try store.pool.read { db throws in
            (
                try Row.fetchSet(db, sql: "SELECT status, mint_url, unit, keyset_id, amount, count FROM proof_counts"),
                try Row.fetchSet(db, sql: SQLiteTransaction.countsFromProofsSQL)
            )
        }
        #expect(counted == recounted && !counted.isEmpty)
        let all = try await store.read { tx in
            try tx.proofs(mintURL: nil, unit: nil, statuses: Set(ProofStatus.allCases))
        }
        #expect(Set(all) == Set(proofs))
        let held = proofs.filter { (proof: StoredProof) -> Bool in
            proof.mintURL == F.mintA && proof.status == .unspent && proof.proof.id == F.keysetA
        }
        let oldest = try await store.read { tx in
            try tx.oldestProofs(
                mintURL: F.mintA, unit: .sat, status: .unspent,
                buckets: [ProofBucket(keysetID: F.keysetA, amount: 2, count: 2)])
        }
        #expect(oldest == Array(held.filter { $0.amount == 2 }.prefix(2)))
    }

    @Test func aDatabaseFromANewerVersionIsRefused() throws {
        let directory = try TemporaryDirectory()
        do {
            let store = try SQLiteWalletStore(path: directory.databasePath)
            try store.pool.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v999')") }
        }
        expectStorageError(.unavailable) { try SQLiteWalletStore(path: directory.databasePath) }
    }

    @Test func aFileThatIsNotADatabaseIsCorrupt() throws {
        let directory = try TemporaryDirectory()
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        _ = FileManager.default.createFile(atPath: directory.databasePath, contents: garbage)
        expectStorageError(.corrupt) { try SQLiteWalletStore(path: directory.databasePath) }
    }

    /// A row that cannot be read back is `corrupt`, without a crash and without the row's secret in the error.
    @Test func unreadableRowsAreCorruptAndTheErrorHoldsNoSecret() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let proof = try F.proof(secret: "do-not-print-this-secret")
        _ = try await store.write { tx in try tx.addProofs([proof]) }
        for (column, value) in [("status", "'bogus'"), ("amount", "'abc'"), ("c", "'zz'"), ("dleq_json", "'{'")] {
            try await store.pool.write { db throws in
                try db.execute(sql: "UPDATE proofs SET \(column) = \(value) WHERE y = ?", arguments: [proof.Y.hex])
            }
            do {
                _ = try await store.read { tx in try tx.proofs(Ys: [proof.Y]) }
                Issue.record("\(column): no error")
            } catch let error as StorageError {
                #expect(error.code == .corrupt, "\(column)")
                #expect(error.reason.contains(column))
                let printed = "\(error) \(error.reason) \(String(describing: error.underlying))"
                #expect(!printed.contains("do-not-print-this-secret"))
            }
            _ = try await store.write { tx in
                try tx.removeProofs(Ys: [proof.Y])
                return try tx.addProofs([proof])
            }
        }
    }

    @Test func queriesUseTheirIndexes() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        func plan(_ sql: String, _ arguments: StatementArguments) throws -> String {
            try store.pool.read { db throws in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                    .map { $0["detail"] as String? ?? "" }.joined(separator: "; ")
            }
        }
        let balances = try plan(SQLiteTransaction.balancesSQL(statusCount: 2), ["spent", "unspent"])
        #expect(balances.contains("proof_balances USING PRIMARY KEY"), "\(balances)")
        #expect(!balances.contains("SCAN"), "\(balances)")
        // One status, mint and unit (coin selection): the index also gives the order, oldest first.
        let byStatus = ProofQueries.byStatus(
            .sqlite, statuses: ["unspent"], mintURL: try MintURL("https://a"), unit: CurrencyUnit(rawValue: "sat"))
        let selection = try plan(byStatus.sql, try SQLiteTransaction.arguments(byStatus.values, during: "test"))
        #expect(selection.contains("USING INDEX proofs_by_status"), "\(selection)")
        #expect(!selection.contains("TEMP B-TREE"), "\(selection)")
        // Input selection: counts from `proof_counts`, then the oldest of one keyset and amount through the index.
        let counts = try plan(
            "SELECT keyset_id, amount, count FROM proof_counts WHERE status = ? AND mint_url = ? AND unit = ?",
            ["unspent", "https://a", "sat"])
        #expect(counts.contains("proof_counts USING PRIMARY KEY"), "\(counts)")
        let oldest = try plan(
            "SELECT * FROM proofs WHERE status = ? AND mint_url = ? AND unit = ? AND keyset_id = ? AND amount = ? "
                + "ORDER BY created_at, seq LIMIT ?", ["unspent", "https://a", "sat", "00", 8, 3])
        #expect(oldest.contains("USING INDEX proofs_by_bucket"), "\(oldest)")
        #expect(!oldest.contains("TEMP B-TREE"), "\(oldest)")
        let held = try plan("SELECT * FROM proofs WHERE operation_id = ?", ["x"])
        #expect(held.contains("USING INDEX proofs_by_operation"), "\(held)")
    }

    /// The trigger-kept `proof_balances` and `proof_counts` always equal a GROUP BY over `proofs`, through inserts,
    /// status moves,
    /// deletes and rolled-back writes, with amounts on both sides of `Int64.max`.
    @Test func balancesTableFollowsTheProofs() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        func expectConsistent(_ sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let (kept, recomputed) = try store.pool.read { db throws in
                (
                    try Row.fetchSet(db, sql: "SELECT status, mint_url, unit, count, low, high FROM proof_balances"),
                    try Row.fetchSet(db, sql: SQLiteTransaction.balancesFromProofsSQL)
                )
            }
            #expect(kept == recomputed, sourceLocation: sourceLocation)
            let (counted, recounted) = try store.pool.read { db throws in
                (
                    try Row.fetchSet(
                        db, sql: "SELECT status, mint_url, unit, keyset_id, amount, count FROM proof_counts"),
                    try Row.fetchSet(db, sql: SQLiteTransaction.countsFromProofsSQL)
                )
            }
            #expect(counted == recounted, sourceLocation: sourceLocation)
        }
        var rng = SplitMix64(seed: 42)
        let amounts: [UInt64] = [1, 2, 1 << 32, (1 << 32) - 1, UInt64(Int64.max), 1 << 63, .max - 1]
        let proofs = try (0..<200).map { index in
            try F.proof(
                amount: amounts[Int(rng.next() % UInt64(amounts.count))], mint: index % 3 == 0 ? F.mintB : F.mintA,
                unit: index % 5 == 0 ? "usd" : .sat)
        }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        try await expectConsistent()
        try await F.churn(store, proofs, rounds: 20, rng: &rng) { try await expectConsistent() }
        let sql = "SELECT COUNT(*) FROM proof_balances"
        #expect(try await store.pool.read { db in try Int.fetchOne(db, sql: sql) } == 0)
        let countsSQL = "SELECT COUNT(*) FROM proof_counts"
        #expect(try await store.pool.read { db in try Int.fetchOne(db, sql: countsSQL) } == 0)
    }

    /// A full disk (simulated with `max_page_count`) is `diskFull`; the write is rolled back and the store goes on.
    @Test func aFullDiskIsDiskFullAndRollsBack() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let kept = try F.proof(amount: 1)
        _ = try await store.write { tx in try tx.addProofs([kept]) }
        try await store.pool.writeWithoutTransaction { db throws in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages)")
        }
        let many = try (0..<500).map { index in
            try F.proof(amount: UInt64(index) + 2, secret: String(repeating: "x", count: 200) + "\(index)")
        }
        await expectStorageError(.diskFull) {
            try await store.write { tx throws in
                try tx.setStatus(.spent, Ys: [kept.Y], operationID: nil)
                return try tx.addProofs(many)
            }
        }
        #expect(
            try await store.read { tx in try tx.proofs(mintURL: nil, unit: nil, statuses: Set(ProofStatus.allCases)) }
            == [kept])
        try await store.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA max_page_count = 1073741823") }
        await #expect(try store.write { tx in try tx.addProofs(many) } == many.count)
    }

}
