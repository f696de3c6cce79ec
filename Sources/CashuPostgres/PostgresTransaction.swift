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

    /// Runs one statement, its placeholders already numbered (`$1`, ...), and waits for its result.
    func run(_ sql: String, _ values: [SQLValue], during operation: String) throws(StorageError)
        -> PostgresQueryResult
    {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { value.append(to: &bindings) }
        let query = PostgresQuery(unsafeSQL: sql, binds: bindings)
        // A connection that has closed would never answer (PostgresWait also notices one closing meanwhile).
        guard !connection.isClosed else { throw StorageError(.unavailable, "\(operation): the connection has closed") }
        do {
            let connection = connection
            let logger = logger
            return try PostgresWait.answer(on: connection, within: Self.statementTimeout, during: operation) {
                connection.query(query, logger: logger)
            }
        } catch {
            throw StorageError(postgres: error, during: operation)
        }
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
