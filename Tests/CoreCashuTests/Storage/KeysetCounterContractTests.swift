// Tests of Storage/KeysetStore.swift and Storage/CounterStore.swift against every backend.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("KeysetStore and CounterStore contract")
struct KeysetCounterContractTests {
    typealias F = StoreFixtures

    @Test(arguments: StoreFactory.all)
    func keysetsRoundTripReplaceAndListByMint(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let full = StoredKeyset(
            mintURL: F.mintB, id: F.keysetV2, unit: "usd", active: true, inputFeePPK: .max, finalExpiry: .max,
            keys: try F.keys())
        let bare = StoredKeyset(mintURL: F.mintA, id: F.keysetB, unit: .sat, active: false)
        let other = StoredKeyset(mintURL: F.mintA, id: F.keysetA, unit: .sat, active: true, finalExpiry: 1)
        try await store.write { tx throws in
            try tx.saveKeyset(full)
            try tx.saveKeyset(bare)
            try tx.saveKeyset(other)
        }
        try await store.read { tx throws in
            #expect(try tx.keyset(id: F.keysetV2) == full)
            #expect(try tx.keyset(id: F.keysetB) == bare)
            #expect(try tx.keyset(id: F.keysetID("00ffffffffffffff")) == nil)
            // By mint URL ("http://127..." before "https://..."), then by id.
            #expect(try tx.keysets(mintURL: nil) == [full, other, bare])
            #expect(try tx.keysets(mintURL: F.mintA) == [other, bare])
            #expect(try tx.keysets(mintURL: F.url("https://unknown.example.com")).isEmpty)
        }

        var replaced = bare
        replaced.active = true
        replaced.keys = try F.keys([1, 2])
        replaced.inputFeePPK = 1_000
        try await store.write { [replaced] tx in try tx.saveKeyset(replaced) }
        await #expect(try store.read { tx in try tx.keysets(mintURL: F.mintA) } == [other, replaced])
    }

    @Test(arguments: StoreFactory.all)
    func removeKeysetsRemovesOneMintsKeysetsButNotCounters(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        try await store.write { tx throws in
            try tx.saveKeyset(StoredKeyset(mintURL: F.mintA, id: F.keysetA, unit: .sat, active: true))
            try tx.saveKeyset(StoredKeyset(mintURL: F.mintA, id: F.keysetV2, unit: .sat, active: false))
            try tx.saveKeyset(StoredKeyset(mintURL: F.mintB, id: F.keysetB, unit: .sat, active: true))
            _ = try tx.reserveCounters(keysetID: F.keysetA, count: 7)
        }
        try await store.write { tx throws in
            try tx.removeKeysets(mintURL: F.mintA)
            try tx.removeKeysets(mintURL: F.url("https://unknown.example.com"))
        }
        try await store.read { tx throws in
            #expect(try tx.keysets(mintURL: nil).map(\.id) == [F.keysetB])
            // A counter outlives its keyset: a keyset added again must not hand out the same secrets.
            #expect(try tx.counter(keysetID: F.keysetA) == 7)
        }
    }

    @Test(arguments: StoreFactory.all)
    func reserveCountersHandsOutConsecutiveRangesOnce(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        try await store.write { tx throws in
            #expect(try tx.counter(keysetID: F.keysetA) == 0)
            #expect(try tx.reserveCounters(keysetID: F.keysetA, count: 5) == 0..<5)
            #expect(try tx.reserveCounters(keysetID: F.keysetA, count: 3) == 5..<8)
            #expect(try tx.reserveCounters(keysetID: F.keysetA, count: 0) == 8..<8)
            #expect(try tx.counter(keysetID: F.keysetA) == 8)
            #expect(try tx.reserveCounters(keysetID: F.keysetB, count: 2) == 0..<2)
        }
        try await store.read { tx throws in
            #expect(try tx.counter(keysetID: F.keysetA) == 8)
            #expect(try tx.counter(keysetID: F.keysetB) == 2)
            #expect(try tx.counter(keysetID: F.keysetV2) == 0)
        }
    }

    @Test(arguments: StoreFactory.all)
    func raiseCounterOnlyMovesForward(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        try await store.write { tx throws in
            try tx.raiseCounter(keysetID: F.keysetA, to: 10)
            #expect(try tx.counter(keysetID: F.keysetA) == 10)
            try tx.raiseCounter(keysetID: F.keysetA, to: 4)
            try tx.raiseCounter(keysetID: F.keysetA, to: 10)
            #expect(try tx.counter(keysetID: F.keysetA) == 10)
            #expect(try tx.reserveCounters(keysetID: F.keysetA, count: 2) == 10..<12)
            try tx.raiseCounter(keysetID: F.keysetA, to: 11)
            #expect(try tx.counter(keysetID: F.keysetA) == 12)
            try tx.raiseCounter(keysetID: F.keysetB, to: 0)
            #expect(try tx.counter(keysetID: F.keysetB) == 0)
        }
    }

    @Test(arguments: StoreFactory.all)
    func countersPastInt64MaxAndAtTheEnd(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let big = UInt64(Int64.max) + 5
        try await store.write { tx in try tx.raiseCounter(keysetID: F.keysetA, to: big) }
        await #expect(try store.read { tx in try tx.counter(keysetID: F.keysetA) } == big)
        // Still forward only, with the comparison done on unsigned values.
        try await store.write { tx in try tx.raiseCounter(keysetID: F.keysetA, to: 5) }
        await #expect(try store.read { tx in try tx.counter(keysetID: F.keysetA) } == big)

        try await store.write { tx in try tx.raiseCounter(keysetID: F.keysetB, to: .max - 1) }
        try await store.write { tx throws in
            expectStorageError(.overflow) { try tx.reserveCounters(keysetID: F.keysetB, count: 2) }
            #expect(try tx.counter(keysetID: F.keysetB) == .max - 1)
            #expect(try tx.reserveCounters(keysetID: F.keysetB, count: 1) == (.max - 1)..<(.max))
        }
        await #expect(try store.read { tx in try tx.counter(keysetID: F.keysetB) } == .max)
    }

    @Test(arguments: StoreFactory.all)
    func countersInARolledBackWriteAreNotTaken(_ factory: StoreFactory) async throws {
        struct Abort: Error {}
        let store = try await factory.make()
        _ = try await store.write { tx in try tx.reserveCounters(keysetID: F.keysetA, count: 3) }
        await #expect(throws: Abort.self) {
            try await store.write { tx throws in
                _ = try tx.reserveCounters(keysetID: F.keysetA, count: 100)
                throw Abort()
            }
        }
        await #expect(try store.write { tx in try tx.reserveCounters(keysetID: F.keysetA, count: 1) } == 3..<4)
    }

    /// Many tasks reserving at once get disjoint ranges that together cover everything handed out.
    @Test(arguments: StoreFactory.all)
    func concurrentReservationsNeverOverlap(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let ranges = try await withThrowingTaskGroup(of: [Range<UInt64>].self) { group in
            for task in 0..<8 {
                group.addTask {
                    var ranges: [Range<UInt64>] = []
                    for round in 0..<20 {
                        ranges.append(
                            try await store.write { tx throws in
                                try tx.reserveCounters(keysetID: F.keysetA, count: UInt64((task + round) % 4))
                            })
                    }
                    return ranges
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        var next: UInt64 = 0
        for range in sorted {
            #expect(range.lowerBound == next)
            next = range.upperBound
        }
        await #expect(try store.read { tx in try tx.counter(keysetID: F.keysetA) } == next)
    }
}
