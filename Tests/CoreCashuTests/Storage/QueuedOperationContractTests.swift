// Tests of Storage/QueuedOperationStore.swift (the offline queue) against every backend.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("QueuedOperationStore contract")
struct QueuedOperationContractTests {
    typealias F = StoreFixtures

    static func entry(
        _ state: QueuedOperation.State = .queued,
        kind: QueuedOperation.Kind = .receive,
        mint: MintURL = F.mintA,
        createdAt: Date = F.t0,
        payload: [UInt8] = Array("cashuB-not-a-real-token".utf8)
    ) -> QueuedOperation {
        QueuedOperation(
            mintURL: mint,
            kind: kind,
            payload: payload,
            state: state,
            createdAt: createdAt,
            updatedAt: createdAt
        )
    }

    @Test(arguments: StoreFactory.all)
    func entriesRoundTripWithEveryFieldAndInsertRefusesAnExistingID(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let bare = Self.entry(payload: [])
        var full = Self.entry(.failed, kind: .melt, mint: F.mintB, payload: (0...255).map { UInt8($0) })
        full.attempts = Int(Int32.max)
        full.lastErrorCode = "mintRefused"
        full.lastError = "the mint refused POST /v1/melt/bolt11"
        full.operationID = .random()
        full.result = Array(#"{"amount":300}"#.utf8)
        full.updatedAt = F.at(42)
        try await store.write { [full] tx throws in
            try tx.insertQueuedOperation(bare)
            try tx.insertQueuedOperation(full)
        }
        try await store.read { [full] tx throws in
            #expect(try tx.queuedOperation(id: bare.id) == bare)
            #expect(try tx.queuedOperation(id: full.id) == full)
            #expect(try tx.queuedOperation(id: .random()) == nil)
        }
        var again = Self.entry(kind: .check)
        again.id = full.id
        try await store.write { [again] tx in expectStorageError(.conflict) { try tx.insertQueuedOperation(again) } }
        let stored = full
        #expect(try await store.read { tx in try tx.queuedOperation(id: stored.id) } == full)
    }

    @Test(arguments: StoreFactory.all)
    func updateReplacesTheMutableFieldsOnly(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let original = Self.entry(createdAt: F.at(1))
        try await store.write { tx in try tx.insertQueuedOperation(original) }
        var changed = original
        changed.state = .done
        changed.payload = []
        changed.attempts = 3
        changed.lastErrorCode = "mintUnreachable"
        changed.lastError = "the mint cannot be reached"
        changed.operationID = .random()
        changed.result = Array("{}".utf8)
        changed.updatedAt = F.at(60)
        changed.mintURL = F.mintB
        changed.kind = .check
        changed.createdAt = F.at(99)
        try await store.write { [changed] tx in try tx.updateQueuedOperation(changed) }
        var expected = changed
        expected.mintURL = original.mintURL
        expected.kind = original.kind
        expected.createdAt = original.createdAt
        await #expect(try store.read { tx in try tx.queuedOperation(id: original.id) } == expected)

        // Optional fields go back to nil.
        var cleared = expected
        cleared.lastErrorCode = nil
        cleared.lastError = nil
        cleared.operationID = nil
        cleared.result = nil
        try await store.write { [cleared] tx in try tx.updateQueuedOperation(cleared) }
        await #expect(try store.read { tx in try tx.queuedOperation(id: original.id) } == cleared)

        try await store.write { tx in expectStorageError(.notFound) { try tx.updateQueuedOperation(Self.entry()) } }
    }

    @Test(arguments: StoreFactory.all)
    func listsAreFilteredByStateAndMintOldestFirst(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let late = Self.entry(createdAt: F.at(30))
        let tie1 = Self.entry(.running, createdAt: F.at(10))
        let early = Self.entry(createdAt: F.at(0))
        let tie2 = Self.entry(createdAt: F.at(10))
        let otherMint = Self.entry(mint: F.mintB, createdAt: F.at(5))
        let done = Self.entry(.done, createdAt: F.at(5))
        let failed = Self.entry(.failed, mint: F.mintB, createdAt: F.at(6))
        try await store.write { tx throws in
            for entry in [late, tie1, early, tie2, otherMint, done, failed] { try tx.insertQueuedOperation(entry) }
        }
        try await store.read { tx throws in
            #expect(
                try tx.queuedOperations(states: [.queued, .running], mintURL: nil).map(\.id)
                    == [early, otherMint, tie1, tie2, late].map(\.id)
            )
            #expect(
                try tx.queuedOperations(states: [.queued, .running], mintURL: F.mintA).map(\.id)
                    == [early, tie1, tie2, late].map(\.id)
            )
            #expect(try tx.queuedOperations(states: [.running], mintURL: nil) == [tie1])
            #expect(try tx.queuedOperations(states: [.done, .failed], mintURL: nil).map(\.id) == [done.id, failed.id])
            #expect(try tx.queuedOperations(states: [], mintURL: nil).isEmpty)
            #expect(
                try tx.queuedOperations(states: Set(QueuedOperation.State.allCases), mintURL: F.mintB).map(\.id)
                    == [otherMint.id, failed.id]
            )
        }

        // An update keeps the entry's place among entries queued at the same time.
        var finished = tie1
        finished.state = .done
        var requeued = tie1
        requeued.state = .queued
        try await store.write { [finished] tx in try tx.updateQueuedOperation(finished) }
        try await store.write { [requeued] tx in try tx.updateQueuedOperation(requeued) }
        await #expect(
            try store.read { tx in try tx.queuedOperations(states: [.queued], mintURL: F.mintA) }.map(\.id)
                == [early, tie1, tie2, late].map(\.id)
        )
    }

    @Test(arguments: StoreFactory.all)
    func removeDeletesOnceAndReadsCannotWrite(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let entry = Self.entry()
        try await store.write { tx in try tx.insertQueuedOperation(entry) }
        let writes: [(String, @Sendable (any WalletTransaction) throws -> Void)] = [
            ("insertQueuedOperation", { try $0.insertQueuedOperation(Self.entry()) }),
            ("updateQueuedOperation", { try $0.updateQueuedOperation(entry) }),
            ("removeQueuedOperation", { _ = try $0.removeQueuedOperation(id: entry.id) }),
        ]
        for (name, write) in writes {
            do {
                try await store.read { tx in try write(tx) }
                Issue.record("\(name) wrote inside a read")
            } catch let error as StorageError {
                #expect(error.code == .readOnly, "\(name): \(error)")
            }
        }
        await #expect(try store.write { tx in try tx.removeQueuedOperation(id: entry.id) })
        await #expect(try !store.write { tx in try tx.removeQueuedOperation(id: entry.id) })
        await #expect(try store.read { tx in try tx.queuedOperation(id: entry.id) } == nil)
    }

    /// A write that throws leaves the queue as it was: an entry is never half-marked.
    @Test(arguments: StoreFactory.all)
    func aWriteThatThrowsLeavesTheQueueUntouched(_ factory: StoreFactory) async throws {
        struct Boom: Error {}
        let store = try await factory.make()
        let entry = Self.entry()
        try await store.write { tx in try tx.insertQueuedOperation(entry) }
        await #expect(throws: Boom.self) {
            try await store.write { tx throws in
                var running = entry
                running.state = .running
                running.attempts = 1
                try tx.updateQueuedOperation(running)
                try tx.insertQueuedOperation(Self.entry())
                throw Boom()
            }
        }
        await #expect(
            try store.read { tx in try tx.queuedOperations(states: Set(QueuedOperation.State.allCases), mintURL: nil) }
                == [entry]
        )
    }

    @Test func descriptionRedactsThePayload() {
        let entry = Self.entry(payload: Array("cashuBsecret-token".utf8))
        #expect(!"\(entry)".contains("cashuB"))
        #expect("\(entry)".contains("redacted"))
    }

    /// A queued token survives closing and reopening the database file.
    @Test func sqliteEntriesSurviveAReopen() async throws {
        let directory = try TemporaryDirectory()
        let entry = Self.entry()
        do {
            let store = try SQLiteWalletStore(path: directory.databasePath)
            try await store.write { tx in try tx.insertQueuedOperation(entry) }
        }
        let reopened = try SQLiteWalletStore(path: directory.databasePath)
        await #expect(try reopened.read { tx in try tx.queuedOperation(id: entry.id) } == entry)
    }
}
