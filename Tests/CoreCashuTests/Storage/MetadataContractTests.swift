// Tests of Storage/MetadataStore.swift against every backend.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("MetadataStore contract")
struct MetadataContractTests {
    @Test(arguments: StoreFactory.all)
    func setReadReplace(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        await #expect(try store.read { tx in try tx.metadata("k") } == nil)
        try await store.write { tx in try tx.setMetadata("k", "one") }
        await #expect(try store.read { tx in try tx.metadata("k") } == "one")
        try await store.write { tx in try tx.setMetadata("k", "two") }
        await #expect(try store.read { tx in try tx.metadata("k") } == "two")
        await #expect(throws: (any Error).self) { try await store.read { tx in try tx.setMetadata("k", "three") } }
    }
}
