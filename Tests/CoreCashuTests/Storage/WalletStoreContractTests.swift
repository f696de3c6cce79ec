// Tests of Storage/WalletStore.swift against every backend: transactions commit whole, roll back whole, and reads
// never write. Per-protocol contracts are in the other *ContractTests files of this folder.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("WalletStore contract")
struct WalletStoreContractTests {
    struct Boom: Error, Equatable {}

    @Test(arguments: StoreFactory.all)
    func writeCommitsAndReturnsTheBodysValue(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let proof = try StoreFixtures.proof()
        let added = try await store.write { tx in try tx.addProofs([proof]) }
        #expect(added == 1)
        await #expect(try store.read { tx in try tx.proofs(Ys: [proof.Y]) } == [proof])
        let nothing: Int? = try await store.write { _ in nil }
        #expect(nothing == nil)
    }

    @Test(arguments: StoreFactory.all)
    func emptyStoreReadsEmpty(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let snapshot = try await StoreSnapshot(store, operationIDs: [.random()])
        #expect(snapshot.proofs.isEmpty && snapshot.keysets.isEmpty && snapshot.mints.isEmpty)
        #expect(snapshot.counters == [0, 0, 0])
        #expect(snapshot.unfinished.isEmpty && snapshot.operations == [nil])
        #expect(snapshot.mintQuotes.isEmpty && snapshot.meltQuotes.isEmpty && snapshot.history.isEmpty)
        #expect(snapshot.balances.isEmpty)
    }

    /// A write that throws after touching every store leaves nothing behind and rethrows the body's own error.
    @Test(arguments: StoreFactory.all)
    func writeThatThrowsRollsBackEverything(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let ids = try await StoreFixtures.populate(store)
        let before = try await StoreSnapshot(store, operationIDs: ids)
        let existing = before.proofs.map(\.Y)
        let inserted = StoreFixtures.operation(.inFlight)

        await #expect(throws: Boom.self) {
            try await store.write { tx throws in
                try tx.addProofs([StoreFixtures.proof(amount: 4)])
                try tx.setStatus(.spent, Ys: [existing[0]], operationID: .random())
                try tx.removeProofs(Ys: [existing[1]])
                try tx.saveKeyset(
                    StoredKeyset(mintURL: StoreFixtures.mintA, id: StoreFixtures.keysetV2, unit: .sat, active: true))
                try tx.removeKeysets(mintURL: StoreFixtures.mintB)
                _ = try tx.reserveCounters(keysetID: StoreFixtures.keysetA, count: 5)
                try tx.raiseCounter(keysetID: StoreFixtures.keysetV2, to: 99)
                try tx.saveMint(StoredMint(url: StoreFixtures.url("https://new.example.com")))
                try tx.removeMint(url: StoreFixtures.mintA)
                try tx.insertOperation(inserted)
                var updated = try #require(try tx.operation(id: ids[0]))
                updated.state = .failed
                try tx.updateOperation(updated)
                try tx.saveMintQuote(StoreFixtures.mintQuote())
                try tx.saveMeltQuote(StoreFixtures.meltQuote())
                try tx.saveHistoryEntry(StoreFixtures.historyEntry())
                // The body sees its own writes before it throws.
                #expect(try tx.operation(id: inserted.id) == inserted)
                throw Boom()
            }
        }
        await #expect(try StoreSnapshot(store, operationIDs: ids) == before)
        await #expect(try store.read { tx in try tx.operation(id: inserted.id) } == nil)
    }

    /// Every write method throws `readOnly` inside `read`, and nothing changes.
    @Test(arguments: StoreFactory.all)
    func writesInsideReadThrowReadOnly(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let ids = try await StoreFixtures.populate(store)
        let before = try await StoreSnapshot(store, operationIDs: ids)
        let y = before.proofs[0].Y
        let writes: [(String, @Sendable (any WalletTransaction) throws -> Void)] = [
            ("addProofs", { try $0.addProofs([StoreFixtures.proof()]) }),
            ("setStatus", { try $0.setStatus(.spent, Ys: [y], operationID: nil) }),
            ("removeProofs", { try $0.removeProofs(Ys: [y]) }),
            ("saveKeyset", { try $0.saveKeyset(before.keysets[0]) }),
            ("removeKeysets", { try $0.removeKeysets(mintURL: StoreFixtures.mintA) }),
            ("reserveCounters", { _ = try $0.reserveCounters(keysetID: StoreFixtures.keysetA, count: 1) }),
            ("raiseCounter", { try $0.raiseCounter(keysetID: StoreFixtures.keysetA, to: 100) }),
            ("saveMint", { try $0.saveMint(before.mints[0]) }),
            ("removeMint", { try $0.removeMint(url: StoreFixtures.mintA) }),
            ("insertOperation", { try $0.insertOperation(StoreFixtures.operation()) }),
            ("updateOperation", { try $0.updateOperation(before.unfinished[0]) }),
            ("saveMintQuote", { try $0.saveMintQuote(StoreFixtures.mintQuote()) }),
            ("saveMeltQuote", { try $0.saveMeltQuote(StoreFixtures.meltQuote()) }),
            ("saveHistoryEntry", { try $0.saveHistoryEntry(StoreFixtures.historyEntry()) }),
        ]
        for (name, write) in writes {
            do {
                try await store.read { tx in try write(tx) }
                Issue.record("\(name) wrote inside a read")
            } catch let error as StorageError {
                #expect(error.code == .readOnly, "\(name): \(error)")
            }
        }
        await #expect(try StoreSnapshot(store, operationIDs: ids) == before)
    }

    /// A read while a write body runs sees the last commit and does not wait for the write.
    @Test(arguments: StoreFactory.all)
    func readsSeeTheLastCommitWhileAWriteRuns(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let first = try StoreFixtures.proof(amount: 1)
        _ = try await store.write { tx in try tx.addProofs([first]) }
        try await store.write { tx throws in
            try tx.addProofs([StoreFixtures.proof(amount: 2)])
            let seen = try onAnotherTask {
                try await store.read { tx in try tx.proofs(mintURL: nil, unit: nil, statuses: [.unspent]) }
            }
            #expect(seen == [first])
        }
        await #expect(try store.read { tx in try tx.proofs(mintURL: nil, unit: nil, statuses: [.unspent]) }.count == 2)
    }

    /// Writes from many tasks run one at a time: a read-modify-write in each never loses an update.
    @Test(arguments: StoreFactory.all)
    func concurrentWritesAreSerialised(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let tasks = 8
        let rounds = 25
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<tasks {
                group.addTask {
                    for _ in 0..<rounds {
                        try await store.write { tx throws in
                            let value = try tx.counter(keysetID: StoreFixtures.keysetA)
                            try tx.raiseCounter(keysetID: StoreFixtures.keysetA, to: value + 1)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let counter = try await store.read { tx in try tx.counter(keysetID: StoreFixtures.keysetA) }
        #expect(counter == UInt64(tasks * rounds))
    }
}
