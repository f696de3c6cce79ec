// Tests of CashuPostgres/PostgresWalletStore.swift and PostgresMigrations.swift against a real server: session
// settings, the unix socket, login and connection failures, concurrent opens, migrations, schemas side by side.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuPostgres
import CashuSQL
import CoreCashu

@Suite("PostgresWalletStore")
struct PostgresWalletStoreTests {
    typealias F = StoreFixtures

    /// A store on the test server with extra URL parameters (`sslmode=disable` unless they say otherwise).
    static func open(
        schema: String = TestPostgres.freshSchema(), _ parameters: String = "sslmode=disable"
    ) async throws -> PostgresWalletStore {
        let server = try await TestPostgres.shared
        return try await PostgresWalletStore(
            configuration: PostgresStoreConfiguration(url: server.url("schema=\(schema)&\(parameters)")))
    }

    /// The one column `v` of a one-row query, as text (`nil` for NULL).
    static func text(_ tx: PostgresTransaction, _ sql: String) throws -> String? {
        try tx.fetchOne(sql, [], during: "test") { row throws(StorageError) in
            try SQLRowReader(row, table: "test").optionalText("v")
        } ?? nil
    }

    /// The error `body` throws (recorded as an issue when it throws none, or not a StorageError).
    static func storageError(
        sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> some Any
    ) async -> StorageError? {
        do {
            _ = try await body()
            Issue.record("expected a StorageError, got none", sourceLocation: sourceLocation)
        } catch let error as StorageError {
            return error
        } catch {
            Issue.record("expected a StorageError, got \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Writes hold the wallet's advisory lock in READ COMMITTED; reads are REPEATABLE READ, READ ONLY, without it.
    /// Every connection has the wallet's schema as its search path.
    @Test func sessionSettingsOfWritesAndReads() async throws {
        let schema = TestPostgres.freshSchema()
        let store = try await Self.open(schema: schema)
        let advisoryLocks = """
            SELECT string_agg(((classid::bigint << 32) | objid::bigint)::text, ',') AS v FROM pg_locks
            WHERE locktype = 'advisory' AND objsubid = 1 AND pid = pg_backend_pid()
            """
        let written = try await store.transaction(readOnly: false, during: "test") { tx in
            [
                try Self.text(tx, "SELECT current_setting('search_path') AS v"),
                try Self.text(tx, "SELECT current_setting('application_name') AS v"),
                try Self.text(tx, "SELECT current_setting('transaction_isolation') AS v"),
                try Self.text(tx, "SELECT current_setting('transaction_read_only') AS v"),
                try Self.text(tx, advisoryLocks),
            ]
        }
        #expect(written == [schema, "cashu", "read committed", "off", "\(PostgresLockKey.writes(schema: schema))"])
        let read = try await store.transaction(readOnly: true, during: "test") { tx in
            [
                try Self.text(tx, "SELECT current_setting('search_path') AS v"),
                try Self.text(tx, "SELECT current_setting('transaction_isolation') AS v"),
                try Self.text(tx, "SELECT current_setting('transaction_read_only') AS v"),
                try Self.text(tx, advisoryLocks),
            ]
        }
        #expect(read == [schema, "repeatable read", "on", nil])
        // Another schema's writes take another lock.
        #expect(PostgresLockKey.writes(schema: schema) != PostgresLockKey.writes(schema: schema + "x"))
        await store.close()
    }

    @Test func opensOverTheUnixSocket() async throws {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let configuration = try PostgresStoreConfiguration(
            url: "postgres://\(server.user):\(server.password)@localhost:\(server.port)/\(server.database)"
                + "?host=\(server.socketDirectory)&schema=\(schema)")
        #expect(configuration.endpoint == .unixSocket(path: "\(server.socketDirectory)/.s.PGSQL.\(server.port)"))
        let store = try await PostgresWalletStore(configuration: configuration)
        let proof = try F.proof()
        _ = try await store.write { tx in try tx.addProofs([proof]) }
        #expect(try await store.read { tx in try tx.proofs(Ys: [proof.Y]) } == [proof])
        // A unix socket session has no client address.
        let address = try await store.transaction(readOnly: true, during: "test") { tx in
            try Self.text(tx, "SELECT inet_client_addr()::text AS v")
        }
        #expect(address == nil)
        let lease = try #require(try store.operationLeases.acquire(.random()))
        lease.release()
        await store.close()
    }

    /// A refused login fails the open at once (not after the connect timeout), and names neither password.
    @Test func aWrongPasswordIsUnavailableQuickly() async throws {
        let server = try await TestPostgres.shared
        let wrong = "wrong-\(UUID().uuidString)"
        let url = "postgres://\(server.user):\(wrong)@\(server.host):\(server.port)/\(server.database)"
        let configuration = try PostgresStoreConfiguration(
            url: url + "?schema=\(TestPostgres.freshSchema())&sslmode=disable&connect_timeout=10")
        let start = ContinuousClock.now
        let error = await Self.storageError { try await PostgresWalletStore(configuration: configuration) }
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(error?.code == .unavailable)
        #expect(error?.reason.contains("28P01") == true, "\(String(describing: error))")
        let text = "\(String(describing: error)) \(error?.reason ?? "")"
        #expect(!text.contains(wrong) && !text.contains(server.password), "\(text)")
    }

    /// Nothing listens on the port: the open is `unavailable`, at the latest after `connect_timeout`.
    @Test func aClosedPortIsUnavailableWithinTheConnectTimeout() async throws {
        let port = try TestPort.reserve()
        let configuration = try PostgresStoreConfiguration(
            url: "postgres://cashu:secret-pw@127.0.0.1:\(port)/cashu?sslmode=disable&connect_timeout=2")
        let start = ContinuousClock.now
        let error = await Self.storageError { try await PostgresWalletStore(configuration: configuration) }
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(error?.code == .unavailable)
        #expect(!"\(String(describing: error))".contains("secret-pw"))
    }

    /// A server that accepts the connection but never answers: the open gives up after `connect_timeout`.
    @Test func aServerThatNeverAnswersIsUnavailableWithinTheConnectTimeout() async throws {
        let listener = try TestPort.silentListener()
        defer { close(listener.fd) }
        let configuration = try PostgresStoreConfiguration(
            url: "postgres://cashu:secret-pw@127.0.0.1:\(listener.port)/cashu?sslmode=disable&connect_timeout=1")
        let start = ContinuousClock.now
        let error = await Self.storageError { try await PostgresWalletStore(configuration: configuration) }
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(900) && waited < .seconds(4), "\(waited)")
        #expect(error?.code == .unavailable)
    }

    /// The test server has no TLS: `prefer` falls back to plain TCP, `require` is refused.
    @Test func sslModesAgainstAServerWithoutTLS() async throws {
        let preferred = try await Self.open("sslmode=prefer")
        #expect(preferred.configuration.tls == .prefer)
        _ = try await preferred.write { tx in try tx.setMetadata("k", "v") }
        await preferred.close()
        let start = ContinuousClock.now
        let error = await Self.storageError { try await Self.open("sslmode=require&connect_timeout=10") }
        #expect(error?.code == .unavailable)
        #expect(ContinuousClock.now - start < .seconds(5))
    }

    @Test func anUnreadableTrustRootsFileIsRefusedBeforeConnecting() async throws {
        let configuration = try PostgresStoreConfiguration(
            url: "postgres://u@127.0.0.1:1/db?sslmode=verify-full&sslrootcert=/nonexistent/roots.pem")
        let error = await Self.storageError { try await PostgresWalletStore(configuration: configuration) }
        #expect(error?.code == .unavailable)
        #expect(error?.reason.contains("sslrootcert") == true)
    }

    /// Processes opening a new wallet together: every open succeeds and each migration is applied once.
    @Test func concurrentOpensOfANewSchemaMigrateOnce() async throws {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let stores = try await withThrowingTaskGroup(of: PostgresWalletStore.self) { group in
            for _ in 0..<4 { group.addTask { try await Self.open(schema: schema) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(stores.count == 4)
        let versions = try await server.psql(
            "SELECT version, count(*) FROM \(schema).cashu_migrations GROUP BY version ORDER BY version")
        let expected = (1...PostgresMigrations.all.count).map { "\($0)|1" }
        #expect(versions.split(separator: "\n").map(String.init) == expected)
        _ = try await stores[0].write { tx in try tx.setMetadata("k", "v") }
        for store in stores {
            #expect(try await store.read { tx in try tx.metadata("k") } == "v")
            await store.close()
        }
    }

    @Test func aSchemaFromANewerVersionIsRefused() async throws {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        try await Self.open(schema: schema).close()
        let newer = PostgresMigrations.all.count + 1
        _ = try await server.psql("INSERT INTO \(schema).cashu_migrations (version) VALUES (\(newer))")
        let error = await Self.storageError { try await Self.open(schema: schema) }
        #expect(error?.code == .unavailable)
        #expect(error?.reason.contains("newer version") == true, "\(String(describing: error))")
        // Nothing was changed by the refused open.
        let versions = try await server.psql("SELECT max(version) FROM \(schema).cashu_migrations")
        #expect(versions.trimmingCharacters(in: .whitespacesAndNewlines) == "\(newer)")
    }

    /// A new schema gets every table; reopening it (another process later) migrates nothing and keeps everything.
    @Test func reopeningTheSchemaKeepsEverything() async throws {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let store = try await Self.open(schema: schema)
        let tables = try await server.psql(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = '\(schema)' ORDER BY 1")
        #expect(
            Set(tables.split(separator: "\n").map(String.init)) == [
                "auth_proofs", "cashu_migrations", "counters", "history", "keysets", "melt_quotes", "metadata",
                "mint_quotes", "mints", "operations", "proof_counts", "proofs", "queued_operations",
            ])
        let ids = try await F.populate(store)
        let before = try await StoreSnapshot(store, operationIDs: ids)
        await store.close()
        let reopened = try await Self.open(schema: schema)
        await #expect(try StoreSnapshot(reopened, operationIDs: ids) == before)
        #expect(!before.proofs.isEmpty && !before.keysets.isEmpty && !before.history.isEmpty)
        let applied = try await server.psql("SELECT count(*) FROM \(schema).cashu_migrations")
        #expect(applied.trimmingCharacters(in: .whitespacesAndNewlines) == "\(PostgresMigrations.all.count)")
        await reopened.close()
    }

    /// One database, two wallets: nothing written in one schema is seen in the other.
    @Test func twoSchemasInOneDatabaseAreIndependent() async throws {
        let first = try await Self.open()
        let second = try await Self.open()
        let ids = try await F.populate(first)
        let empty = try await StoreSnapshot(second, operationIDs: ids)
        #expect(empty.proofs.isEmpty && empty.mints.isEmpty && empty.history.isEmpty && empty.keysets.isEmpty)
        #expect(empty.operations == [nil, nil] && empty.counters == [0, 0, 0])
        let proof = try F.proof(amount: 64)
        _ = try await second.write { tx in try tx.addProofs([proof]) }
        #expect(try await first.read { tx in try tx.proofs(Ys: [proof.Y]) }.isEmpty)
        #expect(try await second.read { tx in try tx.proofs(Ys: [proof.Y]) } == [proof])
        await first.close()
        await second.close()
    }

    /// A row that cannot be read back is `corrupt`, without the row's secret in the error.
    @Test func unreadableRowsAreCorruptAndTheErrorHoldsNoSecret() async throws {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let store = try await Self.open(schema: schema)
        let proof = try F.proof(secret: "do-not-print-this-secret")
        _ = try await store.write { tx in try tx.addProofs([proof]) }
        for (column, value) in [("status", "'bogus'"), ("c", "'zz'"), ("dleq_json", "'{'"), ("keyset_id", "'x'")] {
            _ = try await server.psql("UPDATE \(schema).proofs SET \(column) = \(value) WHERE y = '\(proof.Y.hex)'")
            let error = await Self.storageError { try await store.read { tx in try tx.proofs(Ys: [proof.Y]) } }
            #expect(error?.code == .corrupt, "\(column)")
            #expect(error?.reason.contains(column) == true, "\(String(describing: error))")
            let printed = "\(String(describing: error)) \(String(describing: error?.underlying))"
            #expect(!printed.contains("do-not-print-this-secret"))
            _ = try await store.write { tx in
                try tx.removeProofs(Ys: [proof.Y])
                return try tx.addProofs([proof])
            }
        }
        await store.close()
    }

    /// A body that throws rolls its transaction back, and the lock is free for the next write.
    @Test func aThrowingBodyRollsBack() async throws {
        struct Abort: Error {}
        let store = try await Self.open()
        await #expect(throws: Abort.self) {
            try await store.write { tx throws in
                try tx.setMetadata("k", "v")
                throw Abort()
            }
        }
        #expect(try await store.read { tx in try tx.metadata("k") } == nil)
        try await store.write { tx in try tx.setMetadata("k", "w") }
        #expect(try await store.read { tx in try tx.metadata("k") } == "w")
        await store.close()
    }

    /// A connection the server ends (a restart, an administrator) is replaced: at most the next transaction fails,
    /// as `unavailable`, and the one after works.
    @Test func aConnectionEndedByTheServerIsReplaced() async throws {
        let server = try await TestPostgres.shared
        var configuration = try PostgresStoreConfiguration(
            url: server.url("schema=\(TestPostgres.freshSchema())&sslmode=disable&connect_timeout=5"))
        configuration.maxConnections = 1
        let store = try await PostgresWalletStore(configuration: configuration)
        let pid = try await store.transaction(readOnly: true, during: "test") { tx in
            try Self.text(tx, "SELECT pg_backend_pid()::text AS v")
        }
        let ended = try await server.psql("SELECT pg_terminate_backend(\(try #require(pid)))")
        #expect(ended.trimmingCharacters(in: .whitespacesAndNewlines) == "t")
        // The pool may hand the dead connection out once more before it notices: those fail `unavailable`.
        let replaced = await AsyncWaiting.eventually(within: .seconds(5)) {
            do {
                try await store.write { tx in try tx.setMetadata("k", "v") }
                return true
            } catch {
                #expect((error as? StorageError)?.code == .unavailable, "\(error)")
                return false
            }
        }
        #expect(replaced)
        let newPID = try await store.transaction(readOnly: true, during: "test") { tx in
            try Self.text(tx, "SELECT pg_backend_pid()::text AS v")
        }
        #expect(newPID != pid)
        await store.close()
    }

    /// After `close()` every transaction fails `unavailable` at once.
    @Test func aClosedStoreIsUnavailable() async throws {
        let store = try await Self.open("sslmode=disable&connect_timeout=10")
        await store.close()
        let start = ContinuousClock.now
        let error = await Self.storageError { try await store.read { tx in try tx.metadata("k") } }
        #expect(error?.code == .unavailable)
        let writeError = await Self.storageError { try await store.write { tx in try tx.setMetadata("k", "v") } }
        #expect(writeError?.code == .unavailable)
        #expect(ContinuousClock.now - start < .seconds(3))
    }
}
