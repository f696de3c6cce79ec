// Tests of Storage/MetadataStore.swift against every backend.

import Testing

@testable import CoreCashu

@Suite("MetadataStore contract")
struct MetadataContractTests {
    @Test(arguments: StoreFactory.all)
    func setReadReplace(_ factory: StoreFactory) throws {
        let store = try factory.make()
        #expect(try store.read { tx in try tx.metadata("k") } == nil)
        try store.write { tx in try tx.setMetadata("k", "one") }
        #expect(try store.read { tx in try tx.metadata("k") } == "one")
        try store.write { tx in try tx.setMetadata("k", "two") }
        #expect(try store.read { tx in try tx.metadata("k") } == "two")
        #expect(throws: (any Error).self) { try store.read { tx in try tx.setMetadata("k", "three") } }
    }
}
