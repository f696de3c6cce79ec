// Storage: SQLite and GRDB errors as StorageError, with the cause kept and no stored values in sight.

import CashuEngine
import GRDB

extension StorageError {
    /// Maps an SQLite error.
    ///
    /// The underlying error is rebuilt without its statement arguments: they can hold proof secrets and journal
    /// payloads, and GRDB would show them through `expandedDescription`.
    /// - Parameters:
    ///   - error: the error GRDB threw.
    ///   - operation: what the store was doing, for the reason.
    ///   - fallback: the code for result codes with no specific meaning (`database`; `unavailable` while opening).
    init(sqlite error: DatabaseError, during operation: String, fallback: Code = .database) {
        let code: Code
        switch error.resultCode {
        case .SQLITE_FULL: code = .diskFull
        case .SQLITE_BUSY, .SQLITE_LOCKED: code = .busy
        case .SQLITE_CONSTRAINT: code = .conflict
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: code = .corrupt
        case .SQLITE_CANTOPEN: code = .unavailable
        default: code = fallback
        }
        let redacted = DatabaseError(
            resultCode: error.extendedResultCode, message: error.message, sql: error.sql, arguments: nil)
        let message = error.message.map { ": \($0)" } ?? ""
        let reason = "\(operation) failed with SQLite error \(error.resultCode.rawValue)\(message)"
        self.init(code, reason, underlying: redacted)
    }

    /// Maps whatever a GRDB call threw: store errors pass through, SQLite errors are mapped, anything else is a
    /// database error that keeps its cause.
    init(mapping error: any Error, during operation: String, fallback: Code = .database) {
        switch error {
        case let error as StorageError: self = error
        case let error as DatabaseError: self.init(sqlite: error, during: operation, fallback: fallback)
        default: self.init(fallback, "\(operation) failed", underlying: error)
        }
    }
}

/// Runs a GRDB call, throwing only `StorageError`.
func mappingErrors<T>(_ operation: String, _ body: () throws -> T) throws(StorageError) -> T {
    do {
        return try body()
    } catch {
        throw StorageError(mapping: error, during: operation)
    }
}
