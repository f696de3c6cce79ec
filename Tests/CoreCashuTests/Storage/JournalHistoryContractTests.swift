// Tests of Storage/OperationJournal.swift and Storage/HistoryStore.swift against every backend.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("OperationJournal and HistoryStore contract")
struct JournalHistoryContractTests {
    typealias F = StoreFixtures

    @Test(arguments: StoreFactory.all)
    func operationsRoundTripAndInsertRefusesAnExistingID(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let binary = F.operation(.inFlight, kind: .melt, payload: (0...255).map { UInt8($0) })
        var empty = F.operation(.done, kind: .restore, createdAt: Date(), payload: [])
        empty.mintURL = F.mintB
        empty.unit = "usd"
        try await store.write { [empty] tx throws in
            try tx.insertOperation(binary)
            try tx.insertOperation(empty)
        }
        try await store.read { [empty] tx throws in
            #expect(try tx.operation(id: binary.id) == binary)
            #expect(try tx.operation(id: empty.id) == empty)
            #expect(try tx.operation(id: .random()) == nil)
        }
        var again = F.operation()
        again.id = binary.id
        try await store.write { [again] tx in expectStorageError(.conflict) { try tx.insertOperation(again) } }
        await #expect(try store.read { tx in try tx.operation(id: binary.id) } == binary)
    }

    @Test(arguments: StoreFactory.all)
    func operationsOfAKindNewestFirstWithinTheLimit(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let old = F.operation(.done, kind: .transfer, createdAt: F.at(1))
        let open = F.operation(.prepared, kind: .transfer, createdAt: F.at(3))
        let held = F.operation(.awaitingConfirmation, kind: .transfer, createdAt: F.at(3))
        let other = F.operation(.done, kind: .melt, createdAt: F.at(2))
        try await store.write { tx in
            for operation in [old, open, held, other] { try tx.insertOperation(operation) }
        }
        try await store.read { tx throws in
            // Same time: the one inserted later first.
            #expect(try tx.operations(kind: .transfer, limit: 10).map(\.id) == [held.id, open.id, old.id])
            #expect(try tx.operations(kind: .transfer, limit: 2).map(\.id) == [held.id, open.id])
            #expect(try tx.operations(kind: .melt, limit: 10) == [other])
            #expect(try tx.operations(kind: .mint, limit: 10).isEmpty)
            #expect(try tx.operations(kind: .transfer, limit: 0).isEmpty)
            // A held (prepared, unconfirmed) operation is unfinished.
            #expect(try tx.unfinishedOperations().map(\.id).contains(held.id))
        }
    }

    @Test(arguments: StoreFactory.all)
    func updateOperationReplacesStatePayloadAndUpdatedAtOnly(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let original = F.operation(.prepared, kind: .swap, createdAt: F.at(1))
        try await store.write { tx in try tx.insertOperation(original) }
        var changed = original
        changed.state = .done
        changed.payload = Array("settled".utf8)
        changed.updatedAt = F.at(60)
        changed.kind = .melt
        changed.mintURL = F.mintB
        changed.unit = "usd"
        changed.createdAt = F.at(99)
        try await store.write { [changed] tx in try tx.updateOperation(changed) }
        var expected = original
        expected.state = .done
        expected.payload = changed.payload
        expected.updatedAt = changed.updatedAt
        await #expect(try store.read { tx in try tx.operation(id: original.id) } == expected)

        try await store.write { tx in expectStorageError(.notFound) { try tx.updateOperation(F.operation()) } }
    }

    @Test(arguments: StoreFactory.all)
    func unfinishedOperationsAreTheOpenOnesOldestFirst(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let late = F.operation(.pending, kind: .melt, createdAt: F.at(30))
        let tie1 = F.operation(.inFlight, createdAt: F.at(10))
        let early = F.operation(.prepared, createdAt: F.at(0))
        let tie2 = F.operation(.prepared, createdAt: F.at(10))
        let done = F.operation(.done, createdAt: F.at(5))
        let failed = F.operation(.failed, createdAt: F.at(6))
        try await store.write { tx throws in
            for operation in [late, tie1, early, tie2, done, failed] { try tx.insertOperation(operation) }
        }
        await #expect(try store.read { tx in try tx.unfinishedOperations() } == [early, tie1, tie2, late])

        var settled = tie1
        settled.state = .done
        var reopened = failed
        reopened.state = .pending
        try await store.write { [reopened, settled] tx throws in
            try tx.updateOperation(settled)
            try tx.updateOperation(reopened)
        }
        await #expect(try store.read { tx in try tx.unfinishedOperations() }.map(\.id)
            == [early.id, reopened.id, tie2.id, late.id])
    }

    /// What an open asks instead of reading recovery's work: true exactly while an operation is unfinished (in any
    /// of the four unfinished states) or a proof is reserved.
    @Test(arguments: StoreFactory.all)
    func unfinishedWorkIsAnOpenOperationOrAReservedProof(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let hasWork = { try await store.read { tx in try tx.hasUnfinishedWork() } }
        let spent = try F.proof(amount: 1, status: .spent)
        let held = try F.proof(amount: 2)
        try await store.write { tx throws in
            _ = try tx.addProofs([spent, held])
            try tx.insertOperation(F.operation(.done))
            try tx.insertOperation(F.operation(.failed))
        }
        #expect(try await hasWork() == false)
        try await store.write { tx in try tx.setStatus(.reserved, Ys: [held.Y], operationID: .random()) }
        #expect(try await hasWork() == true)
        try await store.write { tx in try tx.setStatus(.unspent, Ys: [held.Y], operationID: nil) }
        #expect(try await hasWork() == false)
        for state in OperationState.allCases where state.isUnfinished {
            let operation = F.operation(state)
            try await store.write { tx in try tx.insertOperation(operation) }
            #expect(try await hasWork() == true, "\(state)")
            var settled = operation
            settled.state = .done
            try await store.write { [settled] tx in try tx.updateOperation(settled) }
            #expect(try await hasWork() == false, "\(state) settled")
        }
    }

    @Test(arguments: StoreFactory.all)
    func historyRoundTripsAndListsNewestFirstUpToLimit(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        var full = F.historyEntry(createdAt: F.at(2), amount: .max, memo: "pizza 🍕")
        full.fee = F.hugeAmount
        full.state = .failed
        full.kind = .melt
        full.updatedAt = F.at(3)
        let old = F.historyEntry(createdAt: F.at(0))
        let tie1 = F.historyEntry(createdAt: F.at(5))
        let tie2 = F.historyEntry(createdAt: F.at(5))
        try await store.write { [full] tx throws in
            for entry in [tie1, full, old, tie2] { try tx.saveHistoryEntry(entry) }
        }
        try await store.read { [full] tx throws in
            #expect(try tx.historyEntry(id: full.id) == full)
            #expect(try tx.historyEntry(id: old.id)?.memo == nil)
            #expect(try tx.historyEntry(id: .random()) == nil)
            #expect(try tx.history(limit: 10) == [tie2, tie1, full, old])
            #expect(try tx.history(limit: 2) == [tie2, tie1])
            #expect(try tx.history(limit: 0).isEmpty)
            #expect(try tx.history(limit: -1).isEmpty)
        }
        // Saving an entry again replaces it in place.
        var settled = tie1
        settled.state = .done
        settled.updatedAt = F.at(9)
        try await store.write { [settled] tx in try tx.saveHistoryEntry(settled) }
        await #expect(try store.read { tx in try tx.history(limit: 3) } == [tie2, settled, full])
    }
}
