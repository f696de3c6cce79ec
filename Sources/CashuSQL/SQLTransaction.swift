// Storage: one transaction of a SQL store as the shared store code sees it; each store's connection implements it.

import CashuEngine

/// A connection inside an open transaction. The store protocols (``ProofStore``, ``KeysetStore``, ...) are
/// implemented once on it in this module; a store's transaction type implements only this and what its database
/// truly does differently (the balances, which each schema keeps its own way).
package protocol SQLTransaction: AnyObject, OpeningStateReader {
    associatedtype Row: SQLRow

    var dialect: SQLDialect { get }
    var isReadOnly: Bool { get }
    /// The keys records are sealed with (``RecordSealingStore``); `nil` before the wallet handed them over.
    var sealer: RecordSealer? { get }

    /// Runs a statement (`?` placeholders); returns how many rows it changed.
    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue], during operation: String) throws(StorageError) -> Int

    /// Runs a query and maps each row.
    func fetch<T>(
        _ sql: String, _ values: [SQLValue], during operation: String, _ map: (Row) throws(StorageError) -> T
    ) throws(StorageError) -> [T]
}

extension SQLTransaction {
    /// Throws unless this is a write transaction, before any SQL runs.
    package func requireWritable(_ method: String) throws(StorageError) {
        guard !isReadOnly else { throw StorageError(.readOnly, "\(method) inside a read transaction") }
    }

    /// Runs a query and maps its first row, if any.
    package func fetchOne<T>(
        _ sql: String, _ values: [SQLValue], during operation: String, _ map: (Row) throws(StorageError) -> T
    ) throws(StorageError) -> T? {
        try fetch(sql, values, during: operation, map).first
    }

    /// The one integer `column` of a one-row query (`COUNT(*) AS count`, ...); 0 when there is no row.
    package func count(
        _ sql: String, _ values: [SQLValue], column: String = "count", table: String, during operation: String
    ) throws(StorageError) -> Int {
        try fetchOne(sql, values, during: operation) { row throws(StorageError) in
            try SQLRowReader(row, table: table).int(column)
        } ?? 0
    }

    /// Runs `statement` once per chunk of `keys` that the dialect allows in one membership test of `column`, with
    /// `values` before the chunk's; `statement` gets the membership condition. Returns each run's result, in order.
    package func eachChunk<T>(
        of keys: [String], column: String, after values: [SQLValue] = [],
        _ statement: (_ condition: String, _ values: [SQLValue]) throws(StorageError) -> T
    ) throws(StorageError) -> [T] {
        var results: [T] = []
        var start = 0
        while start < keys.count {
            let end = keys.count - start > dialect.membershipChunk ? start + dialect.membershipChunk : keys.count
            let (condition, keyValues) = dialect.membership(column, Array(keys[start..<end]))
            results.append(try statement(condition, values + keyValues))
            start = end
        }
        return results
    }
}
