// Storage: one transaction of the PostgreSQL wallet store, the type every store protocol is implemented on.

import CashuEngine
import Logging
import NIOCore
import PostgresNIO

/// The ``WalletTransaction`` a ``PostgresWalletStore`` hands to a body: a connection inside an open transaction.
///
/// Bodies are synchronous (no transaction stays open across a network request to a mint), so each statement waits
/// for its answer on the store's own thread pool, never on a Swift concurrency thread or an event loop.
final class PostgresTransaction: @unchecked Sendable {
    // @unchecked: used by one thread at a time, for one body.
    let connection: PostgresConnection
    let isReadOnly: Bool
    let logger: Logger
    /// The keys records are sealed with (``RecordSealingStore``); `nil` before the wallet handed them over.
    let sealer: RecordSealer?

    init(connection: PostgresConnection, isReadOnly: Bool, logger: Logger, sealer: RecordSealer? = nil) {
        self.connection = connection
        self.isReadOnly = isReadOnly
        self.logger = logger
        self.sealer = sealer
    }

    /// Throws unless this is a write transaction, before any SQL runs.
    func requireWritable(_ method: String) throws(StorageError) {
        guard !isReadOnly else { throw StorageError(.readOnly, "\(method) inside a read transaction") }
    }

    /// Runs one statement and waits for its result.
    func run(_ sql: String, _ values: [PostgresValue], during operation: String) throws(StorageError)
        -> PostgresQueryResult
    {
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { value.append(to: &bindings) }
        let query = PostgresQuery(unsafeSQL: sql, binds: bindings)
        // A connection that has closed would never answer (PostgresWait also notices one closing meanwhile).
        guard !connection.isClosed else { throw StorageError(.unavailable, "\(operation): the connection has closed") }
        do {
            return try PostgresWait.answer(
                connection.query(query, logger: logger), on: connection, within: Self.statementTimeout,
                during: operation)
        } catch {
            throw StorageError(postgres: error, during: operation)
        }
    }

    /// How long one statement may take (a wait for the wallet's write lock ends sooner: `lock_timeout`).
    static let statementTimeout = TimeAmount.seconds(120)

    /// Runs a statement; returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [PostgresValue] = [], during operation: String) throws(StorageError) -> Int {
        try run(sql, values, during: operation).metadata.rows ?? 0
    }

    /// Runs a query and maps each row.
    func fetch<T>(
        _ sql: String, _ values: [PostgresValue] = [], during operation: String,
        _ map: (PostgresRow) throws(StorageError) -> T
    ) throws(StorageError) -> [T] {
        var result: [T] = []
        for row in try run(sql, values, during: operation).rows { result.append(try map(row)) }
        return result
    }

    /// Runs a query and maps its first row, if any.
    func fetchOne<T>(
        _ sql: String, _ values: [PostgresValue] = [], during operation: String,
        _ map: (PostgresRow) throws(StorageError) -> T
    ) throws(StorageError) -> T? {
        guard let row = try run(sql, values, during: operation).rows.first else { return nil }
        return try map(row)
    }

    /// The one BIGINT of a one-row query (`COUNT(*)`, ...).
    func count(_ sql: String, _ values: [PostgresValue], during operation: String) throws(StorageError) -> Int {
        try fetchOne(sql, values, during: operation) { row throws(StorageError) in
            do { return Int(try row.decode(Int64.self)) } catch {
                throw StorageError(.corrupt, "\(operation): an unreadable count")
            }
        } ?? 0
    }
}

/// `$first, $first+1, ...` for `count` placeholders.
func placeholders(from first: Int, count: Int) -> String {
    (first..<(first + count)).map { "$\($0)" }.joined(separator: ", ")
}
