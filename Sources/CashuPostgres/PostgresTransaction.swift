// Storage: one transaction of the PostgreSQL wallet store: the shared SQL store code over a postgres-nio connection.

import CashuEngine
import CashuSQL
import Logging
import NIOCore
import PostgresNIO

/// The ``WalletTransaction`` a ``PostgresWalletStore`` hands to a body: a connection inside an open transaction.
/// The store protocols come from CashuSQL's ``SQLTransaction``; this type numbers placeholders, binds values, maps
/// errors, and sums the balances from `proof_counts`.
///
/// Bodies are synchronous (no transaction stays open across a network request to a mint), so each statement waits
/// for its answer on the store's own thread pool, never on a Swift concurrency thread or an event loop.
final class PostgresTransaction: SQLTransaction, WalletTransaction, @unchecked Sendable {
    // @unchecked: used by one thread at a time, for one body.
    let connection: PostgresConnection
    let isReadOnly: Bool
    let logger: Logger
    /// The keys records are sealed with (``RecordSealingStore``); `nil` before the wallet handed them over.
    let sealer: RecordSealer?

    var dialect: SQLDialect { .postgres }

    init(connection: PostgresConnection, isReadOnly: Bool, logger: Logger, sealer: RecordSealer? = nil) {
        self.connection = connection
        self.isReadOnly = isReadOnly
        self.logger = logger
        self.sealer = sealer
    }

    /// Statements that open the transaction (`BEGIN`, the write lock), sent with the first statement that waits.
    private var opening: [PostgresQuery] = []
    /// Why an opening statement failed: every statement after it fails so too (a body that caught the first failure
    /// must not go on outside the transaction or without the lock).
    private var openingFailure: StorageError?

    /// Queues `sql` to run before the next statement that is waited for, each after the one before succeeded: the
    /// statements that open a transaction cost no wait (a store thread handing over to the event loop and being woken)
    /// of their own. One that fails fails that next statement with its error, and nothing after it is sent.
    func runFirst(_ sql: String, _ values: [SQLValue] = []) {
        opening.append(Self.query(SQL.numbered(sql), values))
    }

    /// Runs one statement, its placeholders already numbered (`$1`, ...), after any ``runFirst(_:_:)`` queued, and
    /// waits for its result.
    func run(_ sql: String, _ values: [SQLValue], during operation: String) throws(StorageError)
        -> PostgresQueryResult
    {
        let query = Self.query(sql, values)
        // A connection that has closed would never answer (PostgresWait also notices one closing meanwhile).
        guard !connection.isClosed else { throw StorageError(.unavailable, "\(operation): the connection has closed") }
        if let openingFailure { throw openingFailure }
        let before = opening
        opening = []
        do {
            let connection = connection
            let logger = logger
            return try PostgresWait.answer(on: connection, within: Self.statementTimeout, during: operation) {
                // On the connection's event loop: each statement is sent once the one before it has succeeded.
                var chain: EventLoopFuture<Void> = connection.eventLoop.makeSucceededVoidFuture()
                for first in before {
                    chain = chain.flatMap { connection.query(first, logger: logger).map { _ in } }
                }
                return chain.flatMapError { error in
                    connection.eventLoop.makeFailedFuture(OpeningFailure(underlying: error))
                }.flatMap { connection.query(query, logger: logger) }
            }
        } catch let error as OpeningFailure {
            let failure = StorageError(postgres: error.underlying, during: operation)
            openingFailure = failure
            throw failure
        } catch {
            throw StorageError(postgres: error, during: operation)
        }
    }

    /// Ends the transaction without its changes, whatever failed before (an opening statement too): the connection
    /// must leave no transaction open behind it. Best effort: a connection that cannot answer is closed by its waits.
    /// A transaction that never sent a statement (its `BEGIN` still queued) has nothing to end.
    func rollBack(during operation: String) {
        let begun = opening.isEmpty
        opening = []
        openingFailure = nil
        guard begun else { return }
        _ = try? run("ROLLBACK", [], during: operation)
    }

    /// Ends a read-only transaction without waiting (never a write's: its `COMMIT` must be seen to commit): `COMMIT`
    /// is sent and the connection is free at once (whoever uses it next is answered after it, in order). A read has
    /// no changes for its end to lose, and a failure then (a lost connection) is met by the connection's next user.
    /// A read whose body caught a failed statement and returned gives its result (as SQLite's does), where a write's
    /// `COMMIT` answered `ROLLBACK` fails it. A read that sent nothing (its `BEGIN` still queued) sends nothing.
    func endRead() {
        let begun = opening.isEmpty
        opening = []
        guard begun, !connection.isClosed else { return }
        let connection = connection
        let logger = logger
        // Through the event loop's queue, as PostgresWait sends: before anything a later user of the connection sends.
        connection.eventLoop.execute {
            connection.query("COMMIT", logger: logger).whenComplete { _ in _ = connection }
        }
    }

    /// An opening statement's failure, told apart from the waited statement's own.
    private struct OpeningFailure: Error {
        let underlying: any Error
    }

    private static func query(_ sql: String, _ values: [SQLValue]) -> PostgresQuery {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { value.append(to: &bindings) }
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// How long one statement may take (a wait for the wallet's write lock ends sooner: `lock_timeout`).
    static let statementTimeout = TimeAmount.seconds(120)

    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue] = [], during operation: String) throws(StorageError) -> Int {
        try run(SQL.numbered(sql), values, during: operation).metadata.rows ?? 0
    }

    func fetch<T>(
        _ sql: String, _ values: [SQLValue] = [], during operation: String,
        _ map: (PostgresSQLRow) throws(StorageError) -> T
    ) throws(StorageError) -> [T] {
        var result: [T] = []
        for row in try run(SQL.numbered(sql), values, during: operation).rows {
            result.append(try map(PostgresSQLRow(row)))
        }
        return result
    }
}
