// Tests of Storage/OpeningStateReader.swift (CashuSQL's one-statement answer) against every backend.

import CashuTestSupport
import Logging
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuPostgres
@testable import CashuSQL
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

    /// Opens stores of one database again and again, as processes of one wallet do.
    struct Reopener: Sendable, CustomTestStringConvertible {
        /// A store, and what it keeps from its open.
        typealias Opened = (any OpeningStateStore, kept: @Sendable () -> StoredOpeningState?)
        let name: String
        /// The same database again.
        let open: @Sendable () async throws -> Opened
        /// A new database.
        let openNew: @Sendable () async throws -> Opened
        var testDescription: String { name }

        static let sqlite: Reopener = {
            let directory = try? TemporaryDirectory()
            let open: @Sendable () async throws -> Opened = {
                let store = try SQLiteWalletStore(path: try #require(directory).databasePath)
                return (store, { store.openedState.kept })
            }
            return Reopener(name: "SQLite", open: open) {
                let store = try TemporarySQLiteStore()
                return (store.store, { store.store.openedState.kept })
            }
        }()
        static let postgres: Reopener = {
            let schema = TestPostgres.freshSchema()
            return Reopener(name: "PostgreSQL") {
                let store = try await StoreFactory.makePostgresStore(schema: schema)
                return (store, { store.openedState.kept })
            } openNew: {
                let store = try await StoreFactory.makePostgresStore()
                return (store, { store.openedState.kept })
            }
        }()
    }

    /// A SQL store reads what the wallet's open asks in the same step as its schema's version when it opens, and
    /// answers it once from that; asked again, or after it wrote, it reads the store (never an answer older than its
    /// own write). A new database has nothing read at open (the migration made it) and reads.
    @Test(arguments: [Reopener.sqlite, .postgres])
    func aStoreAnswersTheOpenFromWhatItReadWhenItOpened(_ reopener: Reopener) async throws {
        let (writer, _) = try await reopener.open()
        let held = try F.proof(amount: 2)
        try await writer.write { tx in
            try tx.setMetadata(StoredOpeningState.fingerprintKey, "00ff")
            _ = try tx.addProofs([held])
            try tx.setStatus(.reserved, Ys: [held.Y], operationID: .random())
        }
        let expected = StoredOpeningState(
            fingerprint: "00ff", generation: nil, hasPlaintext: true, hasUnfinishedWork: true)
        #expect(try await Self.partByPart(writer) == expected)

        let (opened, openedKept) = try await reopener.open()
        #expect(openedKept() == expected)
        #expect(try await opened.openingState(countingPlaintext: true) == expected)
        #expect(openedKept() == nil)
        try await writer.write { tx in try tx.setMetadata(StoredOpeningState.generationKey, "1") }
        #expect(try await opened.openingState(countingPlaintext: false).generation == "1")

        let (again, againKept) = try await reopener.open()
        #expect(againKept()?.hasPlaintext == true)
        try await again.write { tx in try tx.setStatus(.unspent, Ys: [held.Y], operationID: nil) }
        #expect(againKept() == nil)
        let read = try await again.openingState(countingPlaintext: true)
        #expect(read.hasUnfinishedWork == false && read.generation == "1")

        let (fresh, freshKept) = try await reopener.openNew()
        #expect(freshKept() == nil)
        #expect(try await fresh.openingState(countingPlaintext: true) == StoredOpeningState(
            fingerprint: nil, generation: nil, hasPlaintext: false, hasUnfinishedWork: false))
        for store in [writer, opened, again, fresh] { await (store as? PostgresWalletStore)?.close() }
    }

    /// What a store kept from its open answers once, only while young; asked without counting plaintext it says
    /// none; once forgotten (a write), or too old, the store reads.
    @Test func whatWasKeptAnswersOnceWhileYoung() async throws {
        let state = StoredOpeningState(fingerprint: "ab", generation: "2", hasPlaintext: true, hasUnfinishedWork: true)
        let read = StoredOpeningState(fingerprint: "cd", generation: nil, hasPlaintext: false, hasUnfinishedWork: false)
        let kept = OpeningStateAtOpen(maximumAge: .seconds(60))
        kept.keep(state)
        var uncounted = state
        uncounted.hasPlaintext = false
        #expect(try await kept.answer(countingPlaintext: false) { read } == uncounted)
        #expect(try await kept.answer(countingPlaintext: true) { read } == read)
        kept.keep(state)
        kept.forget()
        #expect(try await kept.answer(countingPlaintext: true) { read } == read)
        let young = OpeningStateAtOpen(maximumAge: .milliseconds(20))
        young.keep(state)
        try await Task.sleep(for: .milliseconds(60))
        #expect(try await young.answer(countingPlaintext: true) { read } == read)
    }

    /// The statement a PostgreSQL store sends at open fails in time on a connection that closed (postgres-nio never
    /// answers a query written to one): the open then goes on through the migration's write, never hangs.
    @Test func postgresOpeningReadOnAClosedConnectionFailsInTime() async throws {
        let store = try await StoreFactory.makePostgresStore()
        let connection = try #require(store.primary.borrow())
        try await connection.close()
        let started = ContinuousClock.now
        await #expect(throws: (any Error).self) {
            try await PostgresWalletStore.versionAndOpeningState(
                on: connection, schema: store.configuration.schema, within: .seconds(3),
                logger: Logger(label: "test"))
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        store.primary.giveBack(connection)
        await store.close()
    }
}
