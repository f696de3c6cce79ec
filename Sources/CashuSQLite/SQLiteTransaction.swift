// Storage: one transaction of the SQLite wallet store: the shared SQL store code over a GRDB connection.

import CashuEngine
import CashuSQL
import Foundation
import GRDB

/// The ``WalletTransaction`` a ``SQLiteWalletStore`` hands to a body: a GRDB connection inside an open transaction.
/// The store protocols come from CashuSQL's ``SQLTransaction``; this type binds values, maps rows and errors, and
/// reads the balances SQLite keeps in `proof_balances`.
final class SQLiteTransaction: SQLTransaction, WalletTransaction {
    let db: Database
    let isReadOnly: Bool
    /// The keys records are sealed with (``RecordSealingStore``); `nil` before the wallet handed them over.
    let sealer: RecordSealer?

    var dialect: SQLDialect { .sqlite }

    init(db: Database, isReadOnly: Bool, sealer: RecordSealer? = nil) {
        self.db = db
        self.isReadOnly = isReadOnly
        self.sealer = sealer
    }

    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue], during operation: String) throws(StorageError) -> Int {
        let arguments = try Self.arguments(values, during: operation)
        return try mappingErrors(operation) {
            try db.cachedStatement(sql: sql).execute(arguments: arguments)
            return db.changesCount
        }
    }

    func fetch<T>(
        _ sql: String, _ values: [SQLValue], during operation: String, _ map: (Row) throws(StorageError) -> T
    ) throws(StorageError) -> [T] {
        let arguments = try Self.arguments(values, during: operation)
        return try mappingErrors(operation) {
            let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            var result: [T] = []
            while let row = try cursor.next() { result.append(try map(row)) }
            return result
        }
    }

    /// The statement arguments of `values`: bytes as BLOBs, booleans as the integers 0 and 1. Handed to GRDB as
    /// `[Any]` of `DatabaseValue`s: its initializers over a generic sequence run unspecialized from this module and
    /// allocated for each value (about 15 allocations per proof row added), the `[Any]` one is not generic.
    static func arguments(_ values: [SQLValue], during operation: String) throws(StorageError) -> StatementArguments {
        var arguments: [Any] = []
        arguments.reserveCapacity(values.count)
        for value in values {
            switch value {
            case .text(let text): arguments.append(text?.databaseValue ?? .null)
            case .integer(let integer): arguments.append(integer?.databaseValue ?? .null)
            case .real(let real): arguments.append(real?.databaseValue ?? .null)
            case .bytes(let bytes): arguments.append(bytes.map { Data($0).databaseValue } ?? .null)
            case .boolean(let bool): arguments.append((bool ? Int64(1) : Int64(0)).databaseValue)
            case .textList:
                // SQLDialect.sqlite spells membership as IN (?, ...); a list here is a statement written wrongly.
                throw StorageError(.database, "\(operation): a list value in an SQLite statement")
            }
        }
        guard let arguments = StatementArguments(arguments) else {
            throw StorageError(.database, "\(operation): a value SQLite cannot bind")
        }
        return arguments
    }
}

extension Row: SQLRow {
    /// Thrown for a column holding another storage class than asked for (GRDB throws for one not selected).
    private struct Unreadable: Error {}

    /// The column's value, strictly: SQLite would read the text `'abc'` as the integer 0 where GRDB's converting
    /// accessors ask it to. Read through the subscript that hands the stored value over as it is (`String`, `Int64`,
    /// `Double`, `Data` or nil), not through GRDB's generic `decode`, whose metadata lookups cost more than the read.
    private func storage(_ column: String) throws -> DatabaseValue.Storage {
        switch self[column] {
        case nil:
            // NULL, or a column the query did not select (a statement written wrongly).
            guard hasColumn(column) else { throw Unreadable() }
            return .null
        case let text as String: return .string(text)
        case let integer as Int64: return .int64(integer)
        case let real as Double: return .double(real)
        case let data as Data: return .blob(data)
        default: throw Unreadable()
        }
    }

    package func text(_ column: String) throws -> String? {
        switch try storage(column) {
        case .null: return nil
        case .string(let text): return text
        default: throw Unreadable()
        }
    }

    package func bytes(_ column: String) throws -> [UInt8]? {
        switch try storage(column) {
        case .null: return nil
        case .blob(let data): return Array(data)
        default: throw Unreadable()
        }
    }

    package func integer(_ column: String) throws -> Int64? {
        switch try storage(column) {
        case .null: return nil
        case .int64(let integer): return integer
        default: throw Unreadable()
        }
    }

    package func real(_ column: String) throws -> Double? {
        switch try storage(column) {
        case .null: return nil
        case .double(let real): return real
        case .int64(let integer): return Double(integer)
        default: throw Unreadable()
        }
    }

    package func boolean(_ column: String) throws -> Bool? {
        switch try integer(column) {
        case nil: return nil
        case 0: return false
        case 1: return true
        default: throw Unreadable()
        }
    }
}
