// Tests of Storage/SQLite/SQLiteWalletStore.swift that only make sense on disk: settings, files, reopening,
// migrations, and several connections (as several processes) on one file.

import Foundation
import GRDB
import Testing

@testable import CoreCashu

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

    /// `write` takes the write lock at BEGIN, before its first statement: another connection cannot begin a write
    /// while the body runs, even when the body has not touched the database yet. Reads go on.
    @Test func writeTakesTheLockAtBegin() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let other = try SQLiteWalletStore(path: directory.databasePath, busyTimeout: 0.05)
        try store.write { _ in
            try onAnotherThread { () throws in
                expectStorageError(.busy) { try other.write { tx in try tx.saveMint(StoredMint(url: F.mintA)) } }
                #expect(try other.read { tx in try tx.mints() }.isEmpty)
            }
        }
        try other.write { tx in try tx.saveMint(StoredMint(url: F.mintA)) }
    }

    /// A second writer waits for the first (busy timeout) instead of failing, and begins after its commit.
    @Test func aSecondWriterWaitsForTheFirst() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let other = try SQLiteWalletStore(path: directory.databasePath)
        var waiting: BackgroundThread<[StoredMint]>?
        try store.write { tx throws in
            try tx.saveMint(StoredMint(url: F.mintA))
            waiting = BackgroundThread {
                try other.write { tx in
                    try tx.saveMint(StoredMint(url: F.mintB))
                    return try tx.mints()
                }
            }
            Thread.sleep(forTimeInterval: 0.3)
        }
        let seen = try #require(waiting).join()
        #expect(Set(seen.map(\.url)) == [F.mintA, F.mintB])
    }

    /// A real second process (the sqlite3 shell) holds the write lock: a store with a short timeout fails `busy`,
    /// one with the default timeout waits and sees the other process's commit.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aWriteWaitsForAnotherProcess() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let impatient = try SQLiteWalletStore(path: directory.databasePath, busyTimeout: 0.02)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [directory.databasePath]
        let input = Pipe()
        shell.standardInput = input
        shell.standardOutput = FileHandle.nullDevice
        try shell.run()
        input.fileHandleForWriting.write(
            Data(
                """
                BEGIN IMMEDIATE;
                INSERT INTO mints (url, added_at) VALUES ('https://other.example.com', 0);
                .shell sleep 2
                COMMIT;

                """.utf8))
        try input.fileHandleForWriting.close()

        // Wait until the shell holds the lock.
        let deadline = Date().addingTimeInterval(10)
        var locked = false
        while !locked && Date() < deadline {
            do {
                try impatient.write { _ in }
                Thread.sleep(forTimeInterval: 0.01)
            } catch let error as StorageError where error.code == .busy {
                locked = true
            }
        }
        #expect(locked)
        let mints = try store.write { tx in try tx.mints() }
        #expect(mints.map(\.url) == [F.url("https://other.example.com")])
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
    }

    /// Two stores on one file, as the CLI and the timer would be: tasks on both select unspent proofs and reserve
    /// them in one write, and no proof is ever reserved twice.
    @Test func twoStoresOnOneFileNeverReserveAProofTwice() async throws {
        let directory = try TemporaryDirectory()
        let stores = try [
            SQLiteWalletStore(path: directory.databasePath), SQLiteWalletStore(path: directory.databasePath),
        ]
        let proofs = try (0..<300).map { try F.proof(amount: 1, createdAt: F.at(Double($0))) }
        _ = try stores[0].write { tx in try tx.addProofs(proofs) }

        let claims = try await withThrowingTaskGroup(of: [OperationID: [CompressedPoint]].self) { group in
            for task in 0..<12 {
                let store = stores[task % 2]
                group.addTask {
                    var mine: [OperationID: [CompressedPoint]] = [:]
                    while true {
                        let operation = OperationID.random()
                        let taken = try store.write { tx in
                            let unspent = try tx.proofs(mintURL: F.mintA, unit: .sat, statuses: [.unspent])
                            let picked = unspent.prefix(1 + task % 3).map(\.Y)
                            try tx.setStatus(.reserved, Ys: picked, operationID: operation)
                            return picked
                        }
                        if taken.isEmpty { return mine }
                        mine[operation] = taken
                    }
                }
            }
            return try await group.reduce(into: [:]) { $0.merge($1) { _, _ in [] } }
        }
        let reserved = claims.values.flatMap { $0 }
        #expect(reserved.count == proofs.count)
        #expect(Set(reserved) == Set(proofs.map(\.Y)))
        try stores[1].read { tx throws in
            for (operation, Ys) in claims {
                #expect(Set(try tx.proofs(operationID: operation).map(\.Y)) == Set(Ys))
            }
            #expect(try tx.proofs(mintURL: nil, unit: nil, statuses: [.unspent]).isEmpty)
        }
    }

    @Test func reopeningTheFileKeepsEverything() throws {
        let directory = try TemporaryDirectory()
        var store: SQLiteWalletStore? = try SQLiteWalletStore(path: directory.databasePath)
        let ids = try F.populate(try #require(store))
        let before = try StoreSnapshot(try #require(store), operationIDs: ids)
        store = nil
        let reopened = try SQLiteWalletStore(path: directory.databasePath)
        #expect(try StoreSnapshot(reopened, operationIDs: ids) == before)
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
            ]))
        #expect(migrations == ["v1"])

        let missing = directory.url.appendingPathComponent("new.sqlite").path
        _ = try SQLiteWalletStore(path: missing)
        #expect(FileManager.default.fileExists(atPath: missing))
    }

    /// Two processes opening a new wallet together both end up with one migrated database.
    @Test func concurrentOpensOfANewFileBothSucceed() throws {
        for _ in 0..<5 {
            let directory = try TemporaryDirectory()
            let path = directory.databasePath
            let threads = (0..<3).map { _ in BackgroundThread { try SQLiteWalletStore(path: path).path } }
            for thread in threads { #expect(try thread.join() == path) }
            let store = try SQLiteWalletStore(path: path)
            #expect(try store.pool.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
                == ["v1"])
        }
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
    @Test func unreadableRowsAreCorruptAndTheErrorHoldsNoSecret() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let proof = try F.proof(secret: "do-not-print-this-secret")
        _ = try store.write { tx in try tx.addProofs([proof]) }
        for (column, value) in [("status", "'bogus'"), ("amount", "'abc'"), ("c", "'zz'"), ("dleq_json", "'{'")] {
            try store.pool.write { db throws in
                try db.execute(sql: "UPDATE proofs SET \(column) = \(value) WHERE y = ?", arguments: [proof.Y.hex])
            }
            do {
                _ = try store.read { tx in try tx.proofs(Ys: [proof.Y]) }
                Issue.record("\(column): no error")
            } catch let error as StorageError {
                #expect(error.code == .corrupt, "\(column)")
                #expect(error.reason.contains(column))
                let printed = "\(error) \(error.reason) \(String(describing: error.underlying))"
                #expect(!printed.contains("do-not-print-this-secret"))
            }
            _ = try store.write { tx in
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
        let selection = try plan(
            SQLiteTransaction.proofsSQL(statusCount: 1, byMint: true, byUnit: true), ["unspent", "https://a", "sat"])
        #expect(selection.contains("USING INDEX proofs_by_status"), "\(selection)")
        #expect(!selection.contains("TEMP B-TREE"), "\(selection)")
        let held = try plan("SELECT * FROM proofs WHERE operation_id = ?", ["x"])
        #expect(held.contains("USING INDEX proofs_by_operation"), "\(held)")
    }

    /// The trigger-kept `proof_balances` always equals a GROUP BY over `proofs`, through inserts, status moves,
    /// deletes and rolled-back writes, with amounts on both sides of `Int64.max`.
    @Test func balancesTableFollowsTheProofs() throws {
        struct Abort: Error {}
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        func expectConsistent(_ sourceLocation: SourceLocation = #_sourceLocation) throws {
            let (kept, recomputed) = try store.pool.read { db throws in
                (
                    try Row.fetchSet(db, sql: "SELECT status, mint_url, unit, count, low, high FROM proof_balances"),
                    try Row.fetchSet(db, sql: SQLiteTransaction.balancesFromProofsSQL)
                )
            }
            #expect(kept == recomputed, sourceLocation: sourceLocation)
        }
        var rng = SplitMix64(seed: 42)
        let amounts: [UInt64] = [1, 2, 1 << 32, (1 << 32) - 1, UInt64(Int64.max), 1 << 63, .max - 1]
        let proofs = try (0..<200).map { index in
            try F.proof(
                amount: amounts[Int(rng.next() % UInt64(amounts.count))], mint: index % 3 == 0 ? F.mintB : F.mintA,
                unit: index % 5 == 0 ? "usd" : .sat)
        }
        _ = try store.write { tx in try tx.addProofs(proofs) }
        try expectConsistent()
        for round in 0..<20 {
            let chosen = proofs.filter { _ in rng.next() % 4 == 0 }.map(\.Y)
            let status = ProofStatus.allCases[round % ProofStatus.allCases.count]
            try store.write { tx in try tx.setStatus(status, Ys: chosen, operationID: .random()) }
            try expectConsistent()
            _ = try? store.write { tx throws in
                try tx.removeProofs(Ys: Array(chosen.prefix(3)))
                throw Abort()
            }
            try expectConsistent()
        }
        try store.write { tx in try tx.removeProofs(Ys: proofs.prefix(150).map(\.Y)) }
        try expectConsistent()
        try store.write { tx in try tx.removeProofs(Ys: proofs.map(\.Y)) }
        try expectConsistent()
        #expect(try store.pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM proof_balances") } == 0)
    }
}
