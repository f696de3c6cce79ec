// Tests of CashuPostgres/PostgresOperationLeases.swift: leases as session advisory locks, exclusive across stores
// (processes) on one schema, independent across schemas, freed by release, by close and by a lost connection.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuPostgres
import CoreCashu

@Suite("PostgreSQL operation leases")
struct PostgresOperationLeasesTests {
    /// Two stores on one schema: two processes of one wallet.
    static func twoStores(schema: String = TestPostgres.freshSchema()) async throws
        -> (PostgresWalletStore, PostgresWalletStore)
    {
        let first = try await StoreFactory.makePostgresStore(schema: schema)
        return (first, try await StoreFactory.makePostgresStore(schema: schema))
    }

    /// How many sessions hold the lease lock of `id` in `schema`, as the server sees it.
    static func holders(_ id: OperationID, schema: String) async throws -> Int {
        let key = PostgresLockKey.lease(schema: schema, operation: id.rawValue)
        let output = try await TestPostgres.shared.psql(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 AND granted "
                + "AND ((classid::bigint << 32) | objid::bigint) = \(key)")
        return Int(output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    @Test func aLeaseExcludesAnotherStoreUntilReleased() async throws {
        let schema = TestPostgres.freshSchema()
        let (first, second) = try await Self.twoStores(schema: schema)
        let id = OperationID.random()
        let lease = try #require(try first.operationLeases.acquire(id))
        #expect(try await Self.holders(id, schema: schema) == 1)
        #expect(try second.operationLeases.acquire(id) == nil)
        // Other operations are not affected, in either store.
        let other = try #require(try second.operationLeases.acquire(.random()))
        other.release()
        lease.release()
        #expect(try await Self.holders(id, schema: schema) == 0)
        let taken = try #require(try second.operationLeases.acquire(id))
        #expect(try first.operationLeases.acquire(id) == nil)
        taken.release()
        await first.close()
        await second.close()
    }

    /// Advisory locks stack within one session: the store itself refuses an id it already holds.
    @Test func theSameIdTwiceInOneStoreIsRefused() async throws {
        let schema = TestPostgres.freshSchema()
        let store = try await StoreFactory.makePostgresStore(schema: schema)
        let id = OperationID.random()
        let lease = try #require(try store.operationLeases.acquire(id))
        #expect(try store.operationLeases.acquire(id) == nil)
        #expect(try store.operationLeases.acquire(id) == nil)
        lease.release()
        // Released once, really released: not still held by a stacked lock.
        #expect(try await Self.holders(id, schema: schema) == 0)
        let again = try #require(try store.operationLeases.acquire(id))
        again.release()
        again.release()
        #expect(try await Self.holders(id, schema: schema) == 0)
        await store.close()
    }

    /// Lease keys include the schema: two wallets in one database may run operations with the same id.
    @Test func schemasDoNotShareLeases() async throws {
        let a = try await StoreFactory.makePostgresStore()
        let b = try await StoreFactory.makePostgresStore()
        let id = OperationID.random()
        let leaseA = try #require(try a.operationLeases.acquire(id))
        let leaseB = try #require(try b.operationLeases.acquire(id))
        #expect(leaseA.operationID == leaseB.operationID)
        leaseA.release()
        leaseB.release()
        await a.close()
        await b.close()
    }

    /// A process that ends (here: closes its store) frees its leases for the others.
    @Test func closingAStoreFreesItsLeases() async throws {
        let schema = TestPostgres.freshSchema()
        let (first, second) = try await Self.twoStores(schema: schema)
        let ids = [OperationID.random(), OperationID.random()]
        let leases = try ids.map { id in try #require(try first.operationLeases.acquire(id)) }
        #expect(try second.operationLeases.acquire(ids[0]) == nil)
        await first.close()
        // The server drops a session's locks when its backend exits, just after the connection closes.
        let freed = try await AsyncWaiting.eventually(within: .seconds(5)) {
            try second.operationLeases.acquire(ids[0]).map { $0.release() } != nil
        }
        #expect(freed)
        let taken = try #require(try second.operationLeases.acquire(ids[1]))
        // Releasing a lease of the closed store later is harmless, and does not free the other store's lease.
        for lease in leases { lease.release() }
        #expect(try await Self.holders(ids[1], schema: schema) == 1)
        taken.release()
        await second.close()
    }

    /// A lease dropped without release is freed (the lease's deinit releases it).
    @Test func aDroppedLeaseIsFreedForTheOtherStore() async throws {
        let (first, second) = try await Self.twoStores()
        let id = OperationID.random()
        do {
            let lease = try first.operationLeases.acquire(id)
            #expect(lease != nil)
            #expect(try second.operationLeases.acquire(id) == nil)
        }
        let taken = try #require(try second.operationLeases.acquire(id))
        taken.release()
        await first.close()
        await second.close()
    }

    /// The server ends the lease connection: its leases are gone (another store can take them) and the store takes
    /// new leases on a new connection.
    @Test func aLostLeaseConnectionIsReplaced() async throws {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let (first, second) = try await Self.twoStores(schema: schema)
        let id = OperationID.random()
        let lease = try #require(try first.operationLeases.acquire(id))
        let key = PostgresLockKey.lease(schema: schema, operation: id.rawValue)
        let ended = try await server.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 1 "
                + "AND ((classid::bigint << 32) | objid::bigint) = \(key)")
        #expect(ended.trimmingCharacters(in: .whitespacesAndNewlines) == "t")
        let freed = try await AsyncWaiting.eventually(within: .seconds(5)) {
            try second.operationLeases.acquire(id).map { $0.release() } != nil
        }
        #expect(freed)
        lease.release()
        let fresh = OperationID.random()
        // The first try may still meet the dead connection (an error); the next ones a new connection.
        let next = await AsyncWaiting.eventually(within: .seconds(5)) {
            (try? first.operationLeases.acquire(fresh))?.map { $0.release() } != nil
        }
        #expect(next)
        await first.close()
        await second.close()
    }

    /// Nothing is left behind to clean up: the server drops a session's locks with it.
    @Test func nothingIsEverAbandoned() async throws {
        let store = try await StoreFactory.makePostgresStore()
        let lease = try #require(try store.operationLeases.acquire(.random()))
        #expect(try store.operationLeases.removeAbandoned(except: []) == 0)
        lease.release()
        await store.close()
    }

    /// Many tasks of two stores race for the same ids: each id is held by at most one at a time.
    @Test func racingStoresNeverShareALease() async throws {
        let (first, second) = try await Self.twoStores()
        let ids = (0..<5).map { _ in OperationID.random() }
        let holding = Locked<Set<OperationID>>([])
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                let leases = (task % 2 == 0 ? first : second).operationLeases
                group.addTask {
                    for round in 0..<20 {
                        let id = ids[(task + round) % ids.count]
                        guard let lease = try leases.acquire(id) else { continue }
                        let fresh = holding.withLock { $0.insert(id).inserted }
                        #expect(fresh, "\(id) held twice")
                        try await Task.sleep(for: .milliseconds(1))
                        holding.withLock { _ = $0.remove(id) }
                        lease.release()
                    }
                }
            }
            try await group.waitForAll()
        }
        await first.close()
        await second.close()
    }
}
