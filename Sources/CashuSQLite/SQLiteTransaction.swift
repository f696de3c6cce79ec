// Storage: one transaction of the SQLite wallet store, the type every store protocol is implemented on.

import CashuEngine
import GRDB

/// The ``WalletTransaction`` a ``SQLiteWalletStore`` hands to a body: a GRDB connection inside an open transaction.
final class SQLiteTransaction {
    let db: Database
    let isReadOnly: Bool
    /// The keys records are sealed with (``RecordSealingStore``); `nil` before the wallet handed them over.
    let sealer: RecordSealer?

    /// The most values one statement binds in an `IN (...)` list; SQLite allows far more, this keeps statements short.
    static let chunkSize = 500

    init(db: Database, isReadOnly: Bool, sealer: RecordSealer? = nil) {
        self.db = db
        self.isReadOnly = isReadOnly
        self.sealer = sealer
    }

    /// Throws unless this is a write transaction, before any SQL runs.
    func requireWritable(_ method: String) throws(StorageError) {
        guard !isReadOnly else { throw StorageError(.readOnly, "\(method) inside a read transaction") }
    }

    /// Runs a statement from the connection's cache.
    func execute(_ sql: String, _ arguments: StatementArguments) throws {
        try db.cachedStatement(sql: sql).execute(arguments: arguments)
    }

    /// Fetches rows through a cached statement and maps each one.
    func fetch<T>(_ sql: String, _ arguments: StatementArguments, _ map: (Row) throws -> T) throws -> [T] {
        let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var result: [T] = []
        while let row = try cursor.next() { result.append(try map(row)) }
        return result
    }

    /// Fetches at most one row through a cached statement and maps it.
    func fetchOne<T>(_ sql: String, _ arguments: StatementArguments, _ map: (Row) throws -> T) throws -> T? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: sql), arguments: arguments) else { return nil }
        return try map(row)
    }
}

/// `IN (?, ?, ...)` with `count` placeholders.
func sqlList(_ count: Int) -> String { "(" + databaseQuestionMarks(count: count) + ")" }
