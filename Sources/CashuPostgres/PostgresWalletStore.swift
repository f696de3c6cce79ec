// Storage: the shared wallet store for services — PostgreSQL through postgres-nio, one writer at a time per wallet.

import CashuEngine
import CashuSQL
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO

/// A `WalletStore` on a PostgreSQL server, which several processes on several hosts can share.
///
/// - Each `write` is one transaction that first takes the wallet's advisory lock (`pg_advisory_xact_lock`), so
///   writers of one wallet run one after another, whichever process or host they are in, as `BEGIN IMMEDIATE` makes
///   them in the SQLite store: proofs selected in one cannot be selected by another until it commits. Writers of
///   other wallets (other schemas) are not held up.
/// - Each `read` is a `REPEATABLE READ, READ ONLY` transaction: one consistent snapshot, which writers do not block.
///   Its `BEGIN` goes with its first statement and its `COMMIT` is not waited for: a read of one statement waits
///   for the server once.
/// - Bodies are synchronous: they run on the store's own threads, started when it opens and stopped when it closes,
///   and each statement waits for the server there.
/// - Leases are session advisory locks (``PostgresOperationLeases``).
/// - The schema is migrated on open, under the same lock, so processes opening a new wallet at once are safe.
/// - Once a wallet has handed it its keys (``RecordSealingStore``), the secret fields of every record are sealed
///   (``RecordSealer``): a dump of the database holds no proof secret, signature or blinding factor.
///
/// Call ``close()`` when done; the connections end with the process otherwise.
package final class PostgresWalletStore: SQLRecordSealingStore, OpeningStateStore, Sendable {
    /// Where the store connects (its description leaves out the password).
    package let configuration: PostgresStoreConfiguration
    package var operationLeases: any OperationLeases { leases }

    private let leases: PostgresOperationLeases
    /// The connection made at open, which transactions use when it is free; the pool's only when it is not.
    let primary: PostgresPrimaryConnection
    private let client: PostgresClient
    private let runner: Task<Void, Never>
    /// The threads transaction bodies run on (a body waits there for the server, never on a Swift concurrency thread
    /// or an event loop). A body waiting for another's write lock holds one; holders are already running, so waiters
    /// never starve them, and work beyond the threads waits its turn.
    let threads: PostgresStoreThreads
    private let writeLock: Int64
    private let logger: Logger
    /// The keys records are sealed with, once the wallet handed them over (``useSealer(_:sealPlaintext:)``).
    private let sealerState = NIOLockedValueBox<RecordSealer?>(nil)
    /// What the open read for the wallet's open, until it is asked for or the store writes.
    let openedState = OpeningStateAtOpen()

    /// Connects, creates the schema when missing and migrates it.
    /// - Throws: `StorageError` `unavailable` when the server cannot be reached within the connect timeout, refuses
    ///   the login, or holds a schema written by a newer version.
    package init(configuration: PostgresStoreConfiguration) async throws(StorageError) {
        self.configuration = configuration
        // Never log statements: their values include proof secrets.
        logger = Logger(label: "cashu.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
        writeLock = PostgresLockKey.writes(schema: configuration.schema)
        let tls = try Self.tlsConfiguration(configuration)
        // Everything that can refuse the settings first, nothing started yet: the first connection is made now,
        // alone, so a refused login, a TLS mismatch or a server that is down fails the open at once with its reason
        // (the pool would retry until the connect timeout and not say why). It stays the transactions' connection
        // while it is free; the pool and the leases connect when first needed.
        let connectionConfiguration = try Self.connectionConfiguration(configuration, tls: tls)
        let logger = logger
        let first = try await Self.firstConnection(connectionConfiguration, configuration, logger: logger)
        // It counts in `maxConnections`; a store allowed one connection lends it to the leases instead (as the pool's
        // one connection serves the transactions).
        let lent = configuration.maxConnections > 1
        primary = PostgresPrimaryConnection(lent ? first : nil)
        var poolConfiguration = Self.clientConfiguration(configuration, tls: tls)
        if lent { poolConfiguration.options.maximumConnections -= 1 }
        client = PostgresClient(configuration: poolConfiguration, backgroundLogger: logger)
        let client = client
        runner = Task { await client.run() }
        threads = PostgresStoreThreads(limit: Self.threadCount)
        leases = PostgresOperationLeases(
            schema: configuration.schema, logger: logger, connection: lent ? nil : first
        ) {
            PostgresConnection.connect(
                on: PostgresClient.defaultEventLoopGroup.any(), configuration: connectionConfiguration, id: 0,
                logger: logger)
        }
        let schema = configuration.schema
        // A schema already at this version (every open but the first after an upgrade) is checked by one statement
        // on the first connection, awaited here (no transaction, no store thread), without the wallet's lock, which
        // also reads what the wallet's open asks next (``openingState(countingPlaintext:)``); a schema that cannot be
        // read so (a new one, or one a migration changes) is left to the migration's write.
        if let opened = try? await Self.versionAndOpeningState(
            on: first, schema: schema, within: .init(configuration.connectTimeout), logger: logger),
            opened.version == PostgresMigrations.all.count
        {
            openedState.keep(opened.state)
            return
        }
        do {
            try await transaction(readOnly: false, during: "open") { tx in
                try PostgresMigrations.migrate(tx, schema: schema)
            }
        } catch {
            await close()
            throw StorageError(postgres: error, during: "open")
        }
    }

    deinit {
        // A store dropped without close(): end its connections and stop its threads without waiting (no transaction
        // is running: each holds the store).
        leases.closeSoon()
        primary.closeSoon()
        runner.cancel()
        threads.shutdownSoon()
    }

    /// How many threads each store runs bodies on, at most (started as transactions run side by side).
    static let threadCount = 8

    /// Ends every connection (and so every lease this process holds) and stops the store's threads once the bodies
    /// running on them end. Idempotent.
    package func close() async {
        await leases.close()
        await primary.close()
        runner.cancel()
        _ = await runner.value
        await threads.shutdown()
    }

    package func read<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        try await transaction(readOnly: true, during: "read", sealer: sealerState.withLockedValue { $0 }) { tx in
            try body(tx)
        }
    }

    package func write<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        try await transaction(readOnly: false, during: "write", sealer: sealerState.withLockedValue { $0 }) { tx in
            try body(tx)
        }
    }

    /// Seals with `sealer` from now on; with `sealPlaintext`, after sealing every record still in plaintext in one
    /// transaction.
    @discardableResult
    package func useSealer(_ sealer: RecordSealer, sealPlaintext: Bool) async throws -> Int {
        // A wallet already sealed (every open but the first) takes no write lock for it.
        guard sealPlaintext else {
            sealerState.withLockedValue { $0 = sealer }
            return 0
        }
        let sealed = try await transaction(readOnly: false, during: "seal records", sealer: sealer) { tx in
            try tx.sealRecords(all: false)
        }
        sealerState.withLockedValue { $0 = sealer }
        return sealed
    }

    /// Re-seals every record with `sealer`'s generation and records it, in one transaction; then seals with it.
    @discardableResult
    package func reseal(with sealer: RecordSealer) async throws -> Int {
        let sealed = try await transaction(readOnly: false, during: "reseal records", sealer: sealer) { tx in
            let sealed = try tx.sealRecords(all: true)
            try tx.setMetadata(RecordSealer.generationMetadataKey, String(sealer.generation))
            return sealed
        }
        sealerState.withLockedValue { $0 = sealer }
        return sealed
    }

    /// Runs `body` in one transaction on the first connection when it is free, else on a pooled one, on the
    /// store's threads.
    func transaction<T: Sendable>(
        readOnly: Bool, during: String, sealer: RecordSealer? = nil,
        _ body: @escaping @Sendable (PostgresTransaction) throws -> T
    ) async throws -> T {
        // A write makes what the open read stale.
        if !readOnly { openedState.forget() }
        let lockKey = writeLock
        let logger = logger
        let threads = threads
        // In a task of its own: a caller already cancelled (^C, a queue stopping) still gets its write, as SQLite's
        // callback forms give it; a transaction, once asked for, runs to its end.
        let primary = primary
        let run: @Sendable (PostgresConnection) async throws -> T = { connection in
            try await threads.run {
                try Self.run(
                    PostgresTransaction(connection: connection, isReadOnly: readOnly, logger: logger, sealer: sealer),
                    lockKey: readOnly ? nil : lockKey, during: during, body)
            }
        }
        let work = Task {
            guard let connection = primary.borrow() else { return try await withConnection(during: during, run) }
            defer { primary.giveBack(connection) }
            do { return try await run(connection) } catch let error as PSQLError {
                throw StorageError(postgres: error, during: during)
            }
        }
        return try await work.value
    }

    /// How long a write waits for another's lock on the wallet before failing `busy` (SQLite's busy timeout).
    static let lockTimeout = "10s"

    /// BEGIN, the wallet's lock for a write, the body, and COMMIT, which must say it committed: a statement that
    /// failed inside the body (even one the body caught) aborts the transaction, and PostgreSQL then answers COMMIT
    /// with ROLLBACK.
    private static func run<T>(
        _ tx: PostgresTransaction, lockKey: Int64?, during: String, _ body: (PostgresTransaction) throws -> T
    ) throws -> T {
        do {
            if let lockKey {
                // The wallet's lock before the body runs (a body holds it from its start, not from its first
                // statement): the three statements in one wait.
                tx.runFirst("BEGIN")
                tx.runFirst("SET LOCAL lock_timeout = '\(lockTimeout)'")
                try tx.execute("SELECT pg_advisory_xact_lock($1)", [.integer(lockKey)], during: during)
            } else {
                // Sent with the body's first statement (none when it runs none): a REPEATABLE READ snapshot is taken
                // at the first statement anyway. Its COMMIT is not waited for (endRead()).
                tx.runFirst("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            }
            let result = try body(tx)
            if tx.isReadOnly {
                tx.endRead()
                return result
            }
            let committed = try tx.run("COMMIT", [], during: during)
            guard committed.metadata.command == "COMMIT" else {
                throw StorageError(.database, "\(during): a statement failed, so the transaction was rolled back")
            }
            return result
        } catch {
            tx.rollBack(during: during)
            throw error
        }
    }

    /// Leases a pooled connection for `body`; `unavailable` when none is had within the connect timeout. Once the
    /// body has started it runs to its end: a transaction is never abandoned half-way for being slow.
    private func withConnection<T: Sendable>(
        during: String, _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let start = NIOLockedValueBox(ConnectionWait.waiting)
        let client = client
        let timeout = configuration.connectTimeout
        let place = configuration.description
        return try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask {
                do {
                    return try await client.withConnection { connection in
                        let go = start.withLockedValue { state -> Bool in
                            guard state == .waiting else { return false }
                            state = .started
                            return true
                        }
                        guard go else { throw CancellationError() }
                        return try await body(connection)
                    }
                } catch let error as StorageError {
                    throw error
                } catch let error as PSQLError {
                    throw StorageError(postgres: error, during: during)
                } catch {
                    // The body's own errors pass through; before it, the pool's (shut down by close(), its circuit
                    // breaker, a cancelled wait) are StorageErrors too.
                    guard start.withLockedValue({ $0 }) != .started else { throw error }
                    throw StorageError(postgres: error, during: during)
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                let expired = start.withLockedValue { state -> Bool in
                    guard state == .waiting else { return false }
                    state = .timedOut
                    return true
                }
                if expired {
                    throw StorageError(.unavailable, "\(during): no connection to \(place) within \(timeout)")
                }
                return nil
            }
            while let outcome = try await group.next() {
                if let outcome {
                    group.cancelAll()
                    return outcome
                }
            }
            throw StorageError(.unavailable, "\(during): no connection to \(place)")
        }
    }

    /// One connection within the connect timeout (`PostgresConnection`'s own bounds only the TCP connect).
    static func firstConnection(
        _ connection: PostgresConnection.Configuration, _ configuration: PostgresStoreConfiguration, logger: Logger
    ) async throws(StorageError) -> PostgresConnection {
        let timeout = configuration.connectTimeout
        do {
            return try await withThrowingTaskGroup(of: PostgresConnection?.self) { group in
                group.addTask { try await PostgresConnection.connect(configuration: connection, id: 0, logger: logger) }
                group.addTask {
                    // Cancelled (the opener gave up) counts as the deadline: the drain below then closes a late one.
                    try? await Task.sleep(for: timeout)
                    return nil
                }
                guard let first = try await group.next() ?? nil else {
                    group.cancelAll()
                    // A connection made just as the timeout cancels it is closed, not leaked.
                    while let late = try? await group.next() { try? await late?.close() }
                    throw StorageError(.unavailable, "open: no connection to \(configuration) within \(timeout)")
                }
                group.cancelAll()
                return first
            }
        } catch {
            throw StorageError(postgres: error, during: "open")
        }
    }

    static func tlsConfiguration(
        _ configuration: PostgresStoreConfiguration
    ) throws(StorageError) -> TLSConfiguration? {
        var tls = TLSConfiguration.makeClientConfiguration()
        switch configuration.tls {
        case .disable:
            return nil
        case .prefer, .require:
            tls.certificateVerification = .none
        case .verifyFull:
            tls.certificateVerification = .fullVerification
            if let file = configuration.trustRootsFile {
                guard FileManager.default.isReadableFile(atPath: file) else {
                    throw StorageError(.unavailable, "sslrootcert \(file) cannot be read")
                }
                tls.trustRoots = .file(file)
            }
        }
        return tls
    }

    static func clientConfiguration(
        _ configuration: PostgresStoreConfiguration, tls: TLSConfiguration?
    ) -> PostgresClient.Configuration {
        let mode: PostgresClient.Configuration.TLS
        switch (configuration.tls, tls) {
        case (.prefer, let tls?): mode = .prefer(tls)
        case (_, let tls?): mode = .require(tls)
        case (_, nil): mode = .disable
        }
        var result: PostgresClient.Configuration
        switch configuration.endpoint {
        case .tcp(let host, let port):
            result = .init(
                host: host, port: port, username: configuration.username, password: configuration.password,
                database: configuration.database, tls: mode)
        case .unixSocket(let path):
            result = .init(
                unixSocketPath: path, username: configuration.username, password: configuration.password,
                database: configuration.database)
        }
        result.options.additionalStartupParameters = Self.startupParameters(configuration)
        result.options.maximumConnections = configuration.maxConnections
        result.options.connectTimeout = configuration.connectTimeout
        return result
    }

    static func connectionConfiguration(
        _ configuration: PostgresStoreConfiguration, tls: TLSConfiguration?
    ) throws(StorageError) -> PostgresConnection.Configuration {
        let mode: PostgresConnection.Configuration.TLS
        do {
            switch (configuration.tls, tls) {
            case (.prefer, let tls?): mode = .prefer(try NIOSSLContext(configuration: tls))
            case (_, let tls?): mode = .require(try NIOSSLContext(configuration: tls))
            case (_, nil): mode = .disable
            }
        } catch {
            // Never a fallback to no TLS.
            throw StorageError(.unavailable, "the TLS settings cannot be used (sslrootcert unreadable or invalid)")
        }
        var result: PostgresConnection.Configuration
        switch configuration.endpoint {
        case .tcp(let host, let port):
            result = .init(
                host: host, port: port, username: configuration.username, password: configuration.password,
                database: configuration.database, tls: mode)
        case .unixSocket(let path):
            result = .init(
                unixSocketPath: path, username: configuration.username, password: configuration.password,
                database: configuration.database)
        }
        result.options.additionalStartupParameters = Self.startupParameters(configuration)
        result.options.connectTimeout = .init(configuration.connectTimeout)
        return result
    }

    static func startupParameters(_ configuration: PostgresStoreConfiguration) -> [(String, String)] {
        // A session left inside a transaction (a stalled process holding the wallet's lock) is ended by the server.
        [
            ("search_path", configuration.schema), ("application_name", "cashu"),
            ("idle_in_transaction_session_timeout", "60000"),
        ]
    }
}

/// Whether a transaction got its connection before its deadline, or the deadline came first (whichever is first wins).
private enum ConnectionWait { case waiting, started, timedOut }
