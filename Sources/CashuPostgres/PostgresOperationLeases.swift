// Storage: operation leases as PostgreSQL session advisory locks, which the server drops with the session.

import CashuEngine
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PostgresNIO

/// Leases held as `pg_try_advisory_lock` on one connection of this process's own, kept open for them.
///
/// - Every process (on any host) sharing the wallet's schema excludes the others: the lock lives on the server.
/// - The server drops a session's locks when its connection ends. A killed process's TCP connection is closed by its
///   kernel, so its operations are free at once; a host that vanishes without closing (power loss, a cut cable) frees
///   them when the server's TCP keepalive gives up on it.
/// - Advisory locks stack within one session, so wallets of this process are kept apart by a set of held ids.
/// - If the lease connection itself is lost, the leases on it are lost with it: new leases are taken on a new
///   connection, and another process's recovery could then resume an operation this one is still executing. The
///   sagas tolerate that (every step re-reads its facts and the mint answers a replayed request the same way), and
///   docs/storage.md says so.
final class PostgresOperationLeases: OperationLeases, @unchecked Sendable {
    // @unchecked: `held` and `connection` are guarded by `lock`.
    private let lock = NIOLock()
    private var held: Set<OperationID> = []
    private var connection: PostgresConnection?
    private var closed = false
    private let schema: String
    private let logger: Logger
    private let connect: @Sendable () -> EventLoopFuture<PostgresConnection>

    init(
        schema: String, logger: Logger, connection: PostgresConnection?,
        connect: @escaping @Sendable () -> EventLoopFuture<PostgresConnection>
    ) {
        self.schema = schema
        self.logger = logger
        self.connection = connection
        self.connect = connect
    }

    func acquire(_ id: OperationID) throws(StorageError) -> (any OperationLease)? {
        guard lock.withLock({ held.insert(id).inserted }) else { return nil }
        let key = PostgresLockKey.lease(schema: schema, operation: id.rawValue)
        do {
            let connection = try currentConnection()
            let logger = logger
            let rows = try PostgresWait.answer(
                on: connection, within: Self.timeout, during: "acquire an operation lease"
            ) { connection.query("SELECT pg_try_advisory_lock(\(key))", logger: logger) }
            guard let row = rows.first, try row.decode(Bool.self) else {
                lock.withLock { _ = held.remove(id) }
                return nil
            }
            return PostgresOperationLease(operationID: id, key: key, connection: connection, owner: self)
        } catch {
            lock.withLock { _ = held.remove(id) }
            throw StorageError(postgres: error, during: "acquire an operation lease")
        }
    }

    /// Nothing is left behind: a lock ends with its session.
    func removeAbandoned(except open: Set<OperationID>) throws(StorageError) -> Int { 0 }

    /// Unlocks on the connection the lease was taken on (a lost one has dropped it already).
    /// If the unlock fails, the connection is closed: the server may still hold the lock, and a later acquire of the
    /// same id would stack on it, keeping other processes out of that operation until the connection ended anyway.
    func release(_ lease: PostgresOperationLease) {
        if !lease.connection.isClosed {
            do {
                let (connection, key, logger) = (lease.connection, lease.key, logger)
                _ = try PostgresWait.answer(
                    on: connection, within: Self.timeout, during: "release an operation lease"
                ) { connection.query("SELECT pg_advisory_unlock(\(key))", logger: logger) }
            } catch {
                let connection = lease.connection
                connection.close().whenComplete { _ in _ = connection }
            }
        }
        lock.withLock { _ = held.remove(lease.operationID) }
    }

    /// How long taking or giving back a lease, or making the lease connection, may take.
    static let timeout = TimeAmount.seconds(15)

    /// Closes the lease connection (every lease on it ends).
    func close() async {
        let connection = lock.withLock { () -> PostgresConnection? in
            closed = true
            defer { self.connection = nil }
            return self.connection
        }
        try? await connection?.close().get()
    }

    /// Starts closing the lease connection without waiting (for a store dropped without `close()`).
    func closeSoon() {
        let connection = lock.withLock { () -> PostgresConnection? in
            closed = true
            defer { self.connection = nil }
            return self.connection
        }
        guard let connection else { return }
        connection.close().whenComplete { _ in _ = connection }
    }

    /// The lease connection, made when first needed (or after it was lost). The login runs outside the lock, so
    /// releases and other acquires do not wait for it; of two made at once the first kept wins and the other closes.
    private func currentConnection() throws -> PostgresConnection {
        let current = try lock.withLock { () throws -> PostgresConnection? in
            guard !closed else { throw StorageError(.unavailable, "the store is closed") }
            if let connection, !connection.isClosed { return connection }
            return nil
        }
        if let current { return current }
        let fresh = try PostgresWait.connection(connect, within: Self.timeout, during: "connect for leases")
        let kept = lock.withLock { () -> PostgresConnection? in
            guard !closed else { return nil }
            if let connection, !connection.isClosed { return connection }
            connection = fresh
            return fresh
        }
        if kept !== fresh { fresh.close().whenComplete { _ in _ = fresh } }
        guard let kept else { throw StorageError(.unavailable, "the store is closed") }
        return kept
    }
}

/// One lease: an advisory lock held by ``PostgresOperationLeases``'s connection.
final class PostgresOperationLease: OperationLease, @unchecked Sendable {
    // @unchecked: `released` is guarded by `lock`.
    let operationID: OperationID
    let key: Int64
    let connection: PostgresConnection
    private let owner: PostgresOperationLeases
    private let lock = NIOLock()
    private var released = false

    init(operationID: OperationID, key: Int64, connection: PostgresConnection, owner: PostgresOperationLeases) {
        self.operationID = operationID
        self.key = key
        self.connection = connection
        self.owner = owner
    }

    deinit { release() }

    func release() {
        let first = lock.withLock { () -> Bool in
            defer { released = true }
            return !released
        }
        if first { owner.release(self) }
    }
}
