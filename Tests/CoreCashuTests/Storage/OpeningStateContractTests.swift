// Tests of Storage/OpeningStateReader.swift (CashuSQL's one-statement answer) against every backend.

import CashuTestSupport
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuPostgres
@testable import CashuSQLite
import CoreCashu

@Suite("OpeningStateReader contract")
struct OpeningStateContractTests {
    typealias F = StoreFixtures

    /// What a store answers asked part by part: the metadata, `hasPlaintextRecords` (a sealing store only) and
    /// `hasUnfinishedWork`.
    static func partByPart(_ store: any WalletStore) async throws -> StoredOpeningState {
        let sealing = store as? any RecordSealingStore
        return try await store.read { tx in
            StoredOpeningState(
                fingerprint: try tx.metadata(StoredOpeningState.fingerprintKey),
                generation: try tx.metadata(StoredOpeningState.generationKey),
                hasPlaintext: try sealing?.hasPlaintextRecords(tx) ?? false,
                hasUnfinishedWork: try tx.hasUnfinishedWork())
        }
    }

    /// A store's one-statement answer equals its answers part by part, in every state an open meets: new, known,
    /// with plaintext records or not, with a reserved proof, with an unfinished operation; asked without counting
    /// plaintext, it says none.
    @Test(arguments: StoreFactory.all)
    func oneStatementAnswersAsThePartsDo(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let isReader = try await store.read { tx in tx is any OpeningStateReader }
        // The SQL stores read it at once; the in-memory store is asked part by part.
        #expect(isReader == (factory.name != StoreFactory.inMemory.name))
        guard isReader else { return }
        let check = { (sourceLocation: SourceLocation) in
            let expected = try await Self.partByPart(store)
            let counted = try await store.read { tx in
                try #require(tx as? any OpeningStateReader).openingState(countingPlaintext: true)
            }
            let uncounted = try await store.read { tx in
                try #require(tx as? any OpeningStateReader).openingState(countingPlaintext: false)
            }
            #expect(counted == expected, sourceLocation: sourceLocation)
            var withoutPlaintext = expected
            withoutPlaintext.hasPlaintext = false
            #expect(uncounted == withoutPlaintext, sourceLocation: sourceLocation)
        }
        try await check(#_sourceLocation)
        #expect(try await Self.partByPart(store) == StoredOpeningState(
            fingerprint: nil, generation: nil, hasPlaintext: false, hasUnfinishedWork: false))
        try await store.write { tx in
            try tx.setMetadata(StoredOpeningState.fingerprintKey, "00ff")
            try tx.setMetadata(StoredOpeningState.generationKey, "3")
        }
        try await check(#_sourceLocation)
        let held = try F.proof(amount: 2)
        try await store.write { tx in _ = try tx.addProofs([held]) }
        try await check(#_sourceLocation)
        try await store.write { tx in try tx.setStatus(.reserved, Ys: [held.Y], operationID: .random()) }
        try await check(#_sourceLocation)
        #expect(try await Self.partByPart(store).hasUnfinishedWork)
        try await store.write { tx in try tx.setStatus(.unspent, Ys: [held.Y], operationID: nil) }
        try await store.write { tx in try tx.insertOperation(F.operation(.inFlight)) }
        try await check(#_sourceLocation)
        let state = try await Self.partByPart(store)
        #expect(state.fingerprint == "00ff" && state.generation == "3" && state.hasUnfinishedWork)
    }

    /// A PostgreSQL store reads what the wallet's open asks with its schema's version when it opens, and answers it
    /// once from that; asked again, or after it wrote, it reads the store (never an answer older than its own write).
    @Test func aPostgresStoreAnswersTheOpenFromWhatItReadWhenItOpened() async throws {
        let schema = TestPostgres.freshSchema()
        let writer = try await StoreFactory.makePostgresStore(schema: schema)
        let held = try F.proof(amount: 2)
        try await writer.write { tx in
            try tx.setMetadata(StoredOpeningState.fingerprintKey, "00ff")
            _ = try tx.addProofs([held])
            try tx.setStatus(.reserved, Ys: [held.Y], operationID: .random())
        }
        let expected = StoredOpeningState(
            fingerprint: "00ff", generation: nil, hasPlaintext: true, hasUnfinishedWork: true)
        #expect(try await Self.partByPart(writer) == expected)

        let opened = try await StoreFactory.makePostgresStore(schema: schema)
        #expect(opened.openedState.withLockedValue { $0 } == expected)
        #expect(try await opened.openingState(countingPlaintext: true) == expected)
        #expect(opened.openedState.withLockedValue { $0 } == nil)
        try await writer.write { tx in try tx.setMetadata(StoredOpeningState.generationKey, "1") }
        #expect(try await opened.openingState(countingPlaintext: false).generation == "1")

        let again = try await StoreFactory.makePostgresStore(schema: schema)
        #expect(again.openedState.withLockedValue { $0 } != nil)
        try await (again as any WalletStore).write { tx in
            try tx.setStatus(.unspent, Ys: [held.Y], operationID: nil)
        }
        #expect(again.openedState.withLockedValue { $0 } == nil)
        let read = try await again.openingState(countingPlaintext: true)
        #expect(read.hasUnfinishedWork == false && read.generation == "1")

        // A new schema has nothing to read at open: the migration's write made it.
        let fresh = try await StoreFactory.makePostgresStore()
        #expect(fresh.openedState.withLockedValue { $0 } == nil)
        #expect(try await fresh.openingState(countingPlaintext: true) == StoredOpeningState(
            fingerprint: nil, generation: nil, hasPlaintext: false, hasUnfinishedWork: false))
        for store in [writer, opened, again, fresh] { await store.close() }
    }
}
