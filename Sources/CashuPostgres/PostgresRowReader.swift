// Storage: reading PostgreSQL columns back into Swift values; anything unreadable is `corrupt`, never a crash.

import CashuEngine
import Foundation
import PostgresNIO

/// Reads the columns of one row of `table` (formats in ``PostgresValue``).
struct PostgresRowReader {
    let row: PostgresRandomAccessRow
    let table: String

    init(_ row: PostgresRow, table: String) {
        self.row = row.makeRandomAccess()
        self.table = table
    }

    private func corrupt(_ column: String) -> StorageError {
        // No underlying error: decoding errors can carry the cell's bytes, which can be secrets.
        StorageError(.corrupt, "\(table).\(column) is unreadable")
    }

    private func decode<T: PostgresDecodable>(_ type: T.Type, _ column: String) throws(StorageError) -> T {
        guard row.contains(column) else { throw corrupt(column) }
        do { return try row[column].decode(type) } catch { throw corrupt(column) }
    }

    func text(_ column: String) throws(StorageError) -> String { try decode(String.self, column) }
    func optionalText(_ column: String) throws(StorageError) -> String? { try decode(String?.self, column) }
    func bytes(_ column: String) throws(StorageError) -> [UInt8] {
        Array(buffer: try decode(ByteBuffer.self, column))
    }
    func optionalBytes(_ column: String) throws(StorageError) -> [UInt8]? {
        try decode(ByteBuffer?.self, column).map { Array(buffer: $0) }
    }
    func uint64(_ column: String) throws(StorageError) -> UInt64 { UInt64(bitPattern: try decode(Int64.self, column)) }
    func optionalUInt64(_ column: String) throws(StorageError) -> UInt64? {
        try decode(Int64?.self, column).map { UInt64(bitPattern: $0) }
    }
    func int(_ column: String) throws(StorageError) -> Int { Int(try decode(Int64.self, column)) }
    func bool(_ column: String) throws(StorageError) -> Bool { try decode(Bool.self, column) }
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
