// Tests of Storage/Leases/OperationLeases.swift: every store's leases are exclusive and free again once given back.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Operation leases contract")
struct OperationLeasesContractTests {
    @Test(arguments: StoreFactory.all)
    func aLeaseIsExclusiveUntilReleased(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let id = OperationID.random()
        let lease = try #require(try store.operationLeases.acquire(id))
        #expect(lease.operationID == id)
        #expect(try store.operationLeases.acquire(id) == nil)
        // Another operation is not affected.
        #expect(try store.operationLeases.acquire(OperationID.random()) != nil)
        lease.release()
        lease.release()
        let again = try #require(try store.operationLeases.acquire(id))
        again.release()
    }

    @Test(arguments: StoreFactory.all)
    func aLeaseDroppedWithoutReleaseIsFree(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let id = OperationID.random()
        do {
            let lease = try store.operationLeases.acquire(id)
            #expect(lease != nil)
        }
        let again = try #require(try store.operationLeases.acquire(id))
        again.release()
    }
}
