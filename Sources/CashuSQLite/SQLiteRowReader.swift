// Storage: reading SQLite columns back into Swift values; anything unreadable is `corrupt`, never a crash.

import CashuEngine
import Foundation
import GRDB

/// How values are stored in columns.
///
/// - `UInt64` (amounts, fees, counters, expiries): the INTEGER with the same bits, `Int64(bitPattern:)`, so that
///   values above `Int64.max` round-trip exactly. SQL never compares or sums them directly: balances sum the two
///   32-bit halves apart (see ``SQLiteTransaction`` balances).
/// - `Date`: REAL seconds since 2001-01-01 (Foundation's reference date), which round-trips a `Date` exactly.
/// - points, keyset ids: lowercase hex TEXT; enums: their raw value TEXT; JSON values: UTF-8 TEXT.
enum SQLiteValue {
    static func integer(_ value: UInt64) -> Int64 { Int64(bitPattern: value) }
    static func integer(_ value: UInt64?) -> Int64? { value.map { Int64(bitPattern: $0) } }
    static func real(_ date: Date) -> Double { date.timeIntervalSinceReferenceDate }
    static func real(_ date: Date?) -> Double? { date?.timeIntervalSinceReferenceDate }
}

/// Reads the columns of one row of `table`.
struct SQLiteRowReader {
    let row: Row
    let table: String

    private func corrupt(_ column: String) -> StorageError {
        // No underlying error: GRDB's decoding errors print the row's values, which can be secrets.
        StorageError(.corrupt, "\(table).\(column) is unreadable")
    }

    private func decode<T: DatabaseValueConvertible>(_ type: T.Type, _ column: String) throws(StorageError) -> T {
        do { return try row.decode(type, forColumn: column) } catch { throw corrupt(column) }
    }

    func text(_ column: String) throws(StorageError) -> String { try decode(String.self, column) }
    func optionalText(_ column: String) throws(StorageError) -> String? { try decode(String?.self, column) }
    func bytes(_ column: String) throws(StorageError) -> [UInt8] { Array(try decode(Data.self, column)) }
    func optionalBytes(_ column: String) throws(StorageError) -> [UInt8]? {
        try decode(Data?.self, column).map { Array($0) }
    }
    func uint64(_ column: String) throws(StorageError) -> UInt64 { UInt64(bitPattern: try decode(Int64.self, column)) }
    func optionalUInt64(_ column: String) throws(StorageError) -> UInt64? {
        try decode(Int64?.self, column).map { UInt64(bitPattern: $0) }
    }
    func int(_ column: String) throws(StorageError) -> Int { try decode(Int.self, column) }
    func bool(_ column: String) throws(StorageError) -> Bool {
        switch try decode(Int64.self, column) {
        case 0: return false
        case 1: return true
        default: throw corrupt(column)
        }
    }
    func date(_ column: String) throws(StorageError) -> Date {
        Date(timeIntervalSinceReferenceDate: try decode(Double.self, column))
    }
    func optionalDate(_ column: String) throws(StorageError) -> Date? {
        try decode(Double?.self, column).map { Date(timeIntervalSinceReferenceDate: $0) }
    }

    /// A TEXT column parsed by `parse`; a parse failure is `corrupt`.
    func parsed<T>(_ column: String, _ parse: (String) throws -> T?) throws(StorageError) -> T {
        let text = try text(column)
        guard let value = try? parse(text) else { throw corrupt(column) }
        return value
    }

    /// A nullable TEXT column parsed by `parse`.
    func optionalParsed<T>(_ column: String, _ parse: (String) throws -> T?) throws(StorageError) -> T? {
        guard let text = try optionalText(column) else { return nil }
        guard let value = try? parse(text) else { throw corrupt(column) }
        return value
    }

    /// A JSON TEXT column.
    func json<T: Decodable>(_ type: T.Type, _ column: String) throws(StorageError) -> T? {
        try optionalParsed(column) { try JSONDecoder().decode(type, from: Data($0.utf8)) }
    }
}
