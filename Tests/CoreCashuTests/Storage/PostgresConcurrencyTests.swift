// Tests of CashuPostgres/PostgresWalletStore.swift with several stores on one schema, as several processes: the
// wallet's write lock, writers that wait rather than fail, snapshots of reads, concurrent reservation and counters.

import CashuTestSupport
import Foundation
import Logging
import Testing

@testable import CashuEngine
@testable import CashuPostgres
import CoreCashu

@Suite("PostgresWalletStore across stores")
struct PostgresConcurrencyTests {
    typealias F = StoreFixtures

    /// `count` stores on one fresh schema, each with its own connections.
    static func stores(_ count: Int, parameters: String = "") async throws -> [PostgresWalletStore] {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        var stores: [PostgresWalletStore] = []
        for _ in 0..<count {
            let url = server.url("schema=\(schema)&sslmode=disable" + parameters)
            stores.append(try await open(PostgresStoreConfiguration(url: url)))
        }
        return stores
    }

    /// Opens a store, trying again when a short connect timeout runs out under load (the tests that set one measure
    /// waits after opening, not the opening itself).
    static func open(_ configuration: PostgresStoreConfiguration) async throws -> PostgresWalletStore {
        var attempt = 1
        while true {
            do {
                return try await PostgresWalletStore(configuration: configuration)
            } catch {
                guard error.code == .unavailable, attempt < 5 else { throw error }
                attempt += 1
            }
        }
    }

    static func allProofs(_ store: PostgresWalletStore) async throws -> [StoredProof] {
        try await store.read { tx in try tx.proofs(mintURL: nil, unit: nil, statuses: Set(ProofStatus.allCases)) }
    }

    static func close(_ stores: [PostgresWalletStore]) async {
        for store in stores { await store.close() }
    }

    /// Two stores on one schema, as two processes of one wallet: tasks on both select the oldest unspent proofs and
    /// reserve them in one write, and no proof is ever reserved twice.
    @Test func twoStoresNeverReserveAProofTwice() async throws {
        let stores = try await Self.stores(2)
        let proofs = try (0..<120).map { try F.proof(amount: 1, createdAt: F.at(Double($0))) }
        _ = try await stores[0].write { tx in try tx.addProofs(proofs) }

        let claims = try await withThrowingTaskGroup(of: [OperationID: [CompressedPoint]].self) { group in
            for task in 0..<8 {
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
        // Expectations outside store bodies: those run on the store's threads, where no test is current.
        let operations = Array(claims.keys)
        let (held, unspent, reservedCount) = try await stores[1].read { tx throws in
            (
                try operations.map { try Set(tx.proofs(operationID: $0).map(\.Y)) },
                try tx.proofs(mintURL: nil, unit: nil, statuses: [.unspent]),
                try tx.proofs(mintURL: nil, unit: nil, statuses: [.reserved]).count
            )
        }
        #expect(held == operations.map { Set(claims[$0] ?? []) })
        #expect(unspent.isEmpty && reservedCount == proofs.count)
        await Self.close(stores)
    }

    /// NUT-13 counters read and then written in one write: ranges reserved from two stores never overlap.
    @Test func countersReservedFromTwoStoresNeverOverlap() async throws {
        let stores = try await Self.stores(2)
        let ranges = try await withThrowingTaskGroup(of: [Range<UInt64>].self) { group in
            for task in 0..<8 {
                let store = stores[task % 2]
                group.addTask {
                    var ranges: [Range<UInt64>] = []
                    for _ in 0..<10 {
                        ranges.append(
                            try await store.write { tx in try tx.reserveCounters(keysetID: F.keysetA, count: 3) })
                    }
                    return ranges
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
        #expect(sorted.first?.lowerBound == 0 && sorted.last?.upperBound == 240)
        #expect(zip(sorted, sorted.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
        #expect(try await stores[1].read { tx in try tx.counter(keysetID: F.keysetA) } == 240)
        await Self.close(stores)
    }

    /// A second store's write waits for the first's commit, even past its connect timeout (which bounds getting a
    /// connection, not waiting for the lock), and then proceeds and sees the first's rows: not an error.
    @Test func aWriterWaitsForAnotherStoresWrite() async throws {
        let stores = try await Self.stores(2, parameters: "&connect_timeout=2")
        let (store, other) = (stores[0], stores[1])
        let finished = Locked(false)
        let (waiting, finishedEarly) = try await store.write { tx throws in
            try tx.saveMint(StoredMint(url: F.mintA))
            let waiting = Task.detached {
                let mints = try await other.write { tx in
                    try tx.saveMint(StoredMint(url: F.mintB))
                    return try tx.mints()
                }
                finished.withLock { $0 = true }
                return mints
            }
            Thread.sleep(forTimeInterval: 2.5)
            return (waiting, finished.withLock { $0 })
        }
        #expect(!finishedEarly, "the second write did not wait")
        let seen = try await waiting.value
        #expect(Set(seen.map(\.url)) == [F.mintA, F.mintB])
        await Self.close(stores)
    }

    /// The lock is taken at BEGIN, before the body's first statement: another store cannot begin a write while a
    /// body that has not touched the database yet runs; reads go on meanwhile.
    @Test func writeTakesTheLockAtBegin() async throws {
        let stores = try await Self.stores(2)
        let (store, other) = (stores[0], stores[1])
        let order = Locked<[String]>([])
        let (second, seenMeanwhile) = try await store.write { _ throws in
            let second = Task.detached {
                try await other.write { tx in
                    order.withLock { $0.append("second") }
                    try tx.saveMint(StoredMint(url: F.mintB))
                }
            }
            let seenMeanwhile = try onAnotherTask { try await other.read { tx in try tx.mints() } }
            Thread.sleep(forTimeInterval: 0.3)
            order.withLock { $0.append("first") }
            return (second, seenMeanwhile)
        }
        try await second.value
        #expect(seenMeanwhile.isEmpty)
        #expect(order.withLock { $0 } == ["first", "second"])
        await Self.close(stores)
    }

    /// A read during another store's open write sees the last commit, not the write's rows, and is not blocked.
    @Test func aReadDuringAWriteDoesNotSeeItsUncommittedRows() async throws {
        let stores = try await Self.stores(2)
        let (store, other) = (stores[0], stores[1])
        let committed = try F.proof(amount: 1)
        _ = try await store.write { tx in try tx.addProofs([committed]) }
        let pending = try (0..<5).map { _ in try F.proof(amount: 2) }
        let (fromOther, fromSame) = try await store.write { tx throws in
            try tx.addProofs(pending)
            try tx.setStatus(.spent, Ys: [committed.Y], operationID: nil)
            return try onAnotherTask { (try await Self.allProofs(other), try await Self.allProofs(store)) }
        }
        #expect(fromOther == [committed])
        #expect(fromSame == [committed])
        let after = try await other.read { tx in try tx.proofs(mintURL: nil, unit: nil, statuses: [.unspent]) }
        #expect(Set(after) == Set(pending))
        await Self.close(stores)
    }

    /// A read is one snapshot: a write committed by another store while the read's body runs is not seen by it.
    @Test func aReadIsOneSnapshot() async throws {
        let stores = try await Self.stores(2)
        let (store, other) = (stores[0], stores[1])
        _ = try await store.write { tx in try tx.addProofs([try F.proof(amount: 1)]) }
        let (before, after) = try await store.read { tx throws in
            let before = try tx.balances(statuses: [])
            try onAnotherTask {
                _ = try await other.write { tx in try tx.addProofs([try F.proof(amount: 2), try F.proof(amount: 4)]) }
            }
            return (before, try tx.balances(statuses: []))
        }
        #expect(before == after)
        #expect(before.map(\.count) == [1])
        #expect(try await store.read { tx in try tx.balances(statuses: []) }.map(\.count) == [3])
        await Self.close(stores)
    }

    /// Wallets in other schemas of the database are not held up by this wallet's writer.
    @Test func writersOfAnotherSchemaAreNotHeldUp() async throws {
        let store = try await StoreFactory.makePostgresStore()
        let elsewhere = try await StoreFactory.makePostgresStore()
        let written = try await store.write { tx throws in
            try tx.setMetadata("k", "1")
            return try onAnotherTask {
                let task = Task { try await elsewhere.write { tx in try tx.setMetadata("k", "2") } }
                return try await AsyncWaiting.value(of: task, within: .seconds(5)) != nil
            }
        }
        #expect(written)
        #expect(try await elsewhere.read { tx in try tx.metadata("k") } == "2")
        await store.close()
        await elsewhere.close()
    }

    /// A store running one transaction at a time runs them all on the connection made at open (one login per
    /// command); a transaction while another runs takes a pooled connection, and the first is free again after.
    @Test func transactionsOneAtATimeShareTheConnectionMadeAtOpen() async throws {
        let store = try #require(try await Self.stores(1).first)
        let opened = try #require(store.primary.borrow())
        let openedBackend = try #require(
            try Self.backend(PostgresTransaction(connection: opened, isReadOnly: true, logger: Logger(label: "test"))))
        store.primary.giveBack(opened)
        let first = try await store.read(Self.backend)
        let (written, meanwhile) = try await store.write { tx throws in
            try tx.setMetadata("k", "v")
            return (try Self.backend(tx), try onAnotherTask { try await store.read(Self.backend) })
        }
        let last = try await store.read(Self.backend)
        #expect(first == openedBackend && written == openedBackend && last == openedBackend)
        #expect(meanwhile != openedBackend)
        await store.close()
    }

    /// A store starts one thread for transactions one after the other (a command), more only for transactions side
    /// by side, never more than its limit; after close none runs and a transaction fails `unavailable`.
    @Test func threadsStartAsTransactionsRunSideBySide() async throws {
        let store = try #require(try await Self.stores(1).first)
        for _ in 0..<3 { _ = try await store.read { tx in try tx.metadata("k") } }
        #expect(store.threads.started == 1)
        // Three writers at once: the first holds the wallet's lock while the other two wait for it, each on a thread.
        let waiting = Locked(0)
        try await store.write { tx throws in
            try tx.setMetadata("k", "0")
            try onAnotherTask {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 1...2 {
                        group.addTask {
                            waiting.withLock { $0 += 1 }
                            try await store.write { tx in try tx.setMetadata("k", "\(index)") }
                        }
                    }
                    // Both are waiting for the lock (or about to) before the first commits.
                    while waiting.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(10)) }
                    try await Task.sleep(for: .milliseconds(300))
                    group.cancelAll()
                }
            }
        }
        #expect(store.threads.started == 3)
        let limited = PostgresStoreThreads(limit: 2)
        let values = try await withThrowingTaskGroup(of: Int.self) { group in
            for value in 0..<6 {
                group.addTask { try await limited.run { Thread.sleep(forTimeInterval: 0.05); return value } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(values.sorted() == Array(0..<6) && limited.started == 2)
        await limited.shutdown()
        await store.close()
        await #expect(throws: StorageError.self) { try await store.read { tx in try tx.metadata("k") } }
    }

    /// The statements that open a transaction go with the first statement waited for; when one of them fails, that
    /// statement fails with its error, and so does every later one (never run outside the transaction), until the
    /// transaction is rolled back, after which the connection serves again.
    @Test func aFailedOpeningStatementFailsEveryLaterOne() async throws {
        let store = try #require(try await Self.stores(1).first)
        let connection = try #require(store.primary.borrow())
        let tx = PostgresTransaction(connection: connection, isReadOnly: false, logger: Logger(label: "test"))
        tx.runFirst("BEGIN")
        tx.runFirst("SELECT * FROM no_such_table")
        #expect(throws: StorageError.self) { try tx.execute("CREATE TABLE opened_then_created (x int)", during: "t") }
        #expect(throws: StorageError.self) { try tx.execute("CREATE TABLE created_later (x int)", during: "t") }
        tx.rollBack(during: "t")
        let after = PostgresTransaction(connection: connection, isReadOnly: true, logger: Logger(label: "test"))
        let tables = try after.count(
            """
            SELECT CAST(COUNT(*) AS BIGINT) AS n FROM information_schema.tables
            WHERE table_name IN ('opened_then_created', 'created_later')
            """, [], column: "n", table: "tables", during: "t")
        #expect(tables == 0)
        store.primary.giveBack(connection)
        await store.close()
    }

    /// A read's COMMIT is not waited for: the connection serves the next transaction at once, in order. Reads and
    /// writes one after the other on one connection each see the last write; a write after a read is not inside it
    /// (its BEGIN would be refused as nested, and its statements as in a read-only transaction); a read whose body
    /// runs no statement, and one whose body fails after a statement, leave the connection serving.
    @Test func aReadEndsWithoutWaitingAndTheConnectionServesInOrder() async throws {
        let store = try #require(try await Self.stores(1).first)
        for value in 0..<20 {
            try await store.write { tx in try tx.setMetadata("k", "\(value)") }
            #expect(try await store.read { tx in try tx.metadata("k") } == "\(value)")
            #expect(try await store.read { _ in value } == value)
        }
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await store.read { tx throws in
                _ = try tx.metadata("k")
                throw Refused()
            }
        }
        try await store.write { tx in try tx.setMetadata("k", "last") }
        #expect(try await store.read { tx in try tx.metadata("k") } == "last")
        #expect(store.threads.started == 1)
        await store.close()
    }

    /// The connection made at open, once lost, is never lent again: transactions go on on pooled connections.
    @Test func aLostOpenTimeConnectionIsNotLentAgain() async throws {
        let store = try #require(try await Self.stores(1).first)
        let opened = try #require(store.primary.borrow())
        try await opened.close().get()
        store.primary.giveBack(opened)
        #expect(store.primary.borrow() == nil)
        try await store.write { tx in try tx.setMetadata("k", "v") }
        #expect(try await store.read { tx in try tx.metadata("k") } == "v")
        await store.close()
    }

    /// A connection unused for longer than the idle limit is closed instead of lent (a silently dropped session
    /// must not hold a transaction until its statement deadline).
    @Test func anOpenTimeConnectionIdleTooLongIsClosedNotLent() async throws {
        let server = try await TestPostgres.shared
        let configuration = try PostgresStoreConfiguration(
            url: server.url("schema=\(TestPostgres.freshSchema())&sslmode=disable"))
        let connection = try await PostgresWalletStore.firstConnection(
            PostgresWalletStore.connectionConfiguration(configuration, tls: nil), configuration,
            logger: Logger(label: "test"))
        let primary = PostgresPrimaryConnection(connection, idleLimit: .milliseconds(10))
        try await Task.sleep(for: .milliseconds(50))
        #expect(primary.borrow() == nil)
        let deadline = ContinuousClock.now + .seconds(5)
        while !connection.isClosed, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        #expect(connection.isClosed)
    }

    /// The server process a transaction runs on.
    @Sendable static func backend(_ tx: any WalletTransaction) throws -> String? {
        let tx = try #require(tx as? PostgresTransaction)
        return try PostgresWalletStoreTests.text(tx, "SELECT pg_backend_pid()::text AS v")
    }

    /// Waiting for a connection is bounded by the connect timeout: with its one connection busy, a store's next
    /// transaction is `unavailable` after about that long; once the connection is free, transactions run again.
    @Test func waitingForAConnectionIsBoundedByTheConnectTimeout() async throws {
        let server = try await TestPostgres.shared
        var configuration = try PostgresStoreConfiguration(
            url: server.url("schema=\(TestPostgres.freshSchema())&sslmode=disable&connect_timeout=2"))
        configuration.maxConnections = 1
        let store = try await Self.open(configuration)
        let (code, waited) = try await store.write { tx throws in
            try tx.setMetadata("k", "v")
            return try onAnotherTask { () async -> (StorageError.Code?, Duration) in
                let start = ContinuousClock.now
                do {
                    _ = try await store.read { tx in try tx.metadata("k") }
                    return (nil, ContinuousClock.now - start)
                } catch {
                    return ((error as? StorageError)?.code ?? .database, ContinuousClock.now - start)
                }
            }
        }
        #expect(code == .unavailable)
        #expect(waited >= .milliseconds(1900) && waited < .seconds(6), "\(waited)")
        #expect(try await store.read { tx in try tx.metadata("k") } == "v")
        await store.close()
    }
}
