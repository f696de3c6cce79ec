// Tests of Storage/SQLite/SQLiteWalletStore.swift with several connections on one file, as several processes:
// IMMEDIATE write locking, busy waits, a real second process, concurrent reservation and concurrent opens.

import CashuTestSupport
import Foundation
import GRDB
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("SQLiteWalletStore across connections")
struct SQLiteConcurrencyTests {
    typealias F = StoreFixtures

    /// `write` takes the write lock at BEGIN, before its first statement: another connection cannot begin a write
    /// while the body runs, even when the body has not touched the database yet. Reads go on.
    @Test func writeTakesTheLockAtBegin() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let other = try SQLiteWalletStore(path: directory.databasePath, busyTimeout: 0.05)
        try await store.write { _ in
            try onAnotherTask { () async throws in
                await expectStorageError(.busy) {
                    try await other.write { tx in try tx.saveMint(StoredMint(url: F.mintA)) }
                }
                await #expect(try other.read { tx in try tx.mints() }.isEmpty)
            }
        }
        try await other.write { tx in try tx.saveMint(StoredMint(url: F.mintA)) }
    }

    /// A second writer waits for the first (busy timeout) instead of failing, and begins after its commit.
    @Test func aSecondWriterWaitsForTheFirst() async throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteWalletStore(path: directory.databasePath)
        let other = try SQLiteWalletStore(path: directory.databasePath)
        let waiting = try await store.write { tx throws in
            try tx.saveMint(StoredMint(url: F.mintA))
            let waiting = Task.detached {
                try await other.write { tx in
                    try tx.saveMint(StoredMint(url: F.mintB))
                    return try tx.mints()
                }
            }
            Thread.sleep(forTimeInterval: 0.3)
            return waiting
        }
        let seen = try await waiting.value
        #expect(Set(seen.map(\.url)) == [F.mintA, F.mintB])
    }

    /// A real second process (the sqlite3 shell) holds the write lock: a store with a short timeout fails `busy`,
    /// one with the default timeout waits and sees the other process's commit.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aWriteWaitsForAnotherProcess() async throws {
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
                try await impatient.write { _ in }
                try await Task.sleep(for: .milliseconds(10))
            } catch let error as StorageError where error.code == .busy {
                locked = true
            }
        }
        #expect(locked)
        let mints = try await store.write { tx in try tx.mints() }
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
        _ = try await stores[0].write { tx in try tx.addProofs(proofs) }

        let claims = try await withThrowingTaskGroup(of: [OperationID: [CompressedPoint]].self) { group in
            for task in 0..<12 {
                let store = stores[task % 2]
                group.addTask {
                    var mine: [OperationID: [CompressedPoint]] = [:]
                    while true {
                        let operation = OperationID.random()
                        let taken = try await store.write { tx in
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
        try await stores[1].read { tx throws in
            for (operation, Ys) in claims {
                #expect(Set(try tx.proofs(operationID: operation).map(\.Y)) == Set(Ys))
            }
            #expect(try tx.proofs(mintURL: nil, unit: nil, statuses: [.unspent]).isEmpty)
        }
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
                == ["v1", "v2", "v3", "v4", "v5", "v6"])
        }
    }
}
