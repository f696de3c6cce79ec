// Storage: binding SQLValue values to a PostgreSQL statement, and reading its rows for the shared row mapping.

import CashuEngine
import CashuSQL
import Foundation
import PostgresNIO

extension SQLValue {
    /// Binds the value in PostgreSQL's types: TEXT, BIGINT, DOUBLE PRECISION, BYTEA, BOOLEAN and TEXT[].
    func append(to bindings: inout PostgresBindings) {
        switch self {
        case .text(let value):
            // PostgreSQL's text refuses U+0000, which SQLite keeps: a memo or a mint's error text carrying one must
            // not make a receive or a queue entry impossible to write. Secrets are sealed into BYTEA, never here.
            bindings.append(
                value.map { $0.contains("\u{0}") ? $0.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}") : $0 })
        case .integer(let value): bindings.append(value)
        case .real(let value): bindings.append(value)
        case .bytes(let value): bindings.append(value.map { ByteBuffer(bytes: $0) })
        case .boolean(let value): bindings.append(value)
        case .textList(let values): bindings.append(values)
        }
    }
}

/// A row of a PostgreSQL answer, read by column name; a column the query did not select throws.
struct PostgresSQLRow: SQLRow {
    let row: PostgresRandomAccessRow

    init(_ row: PostgresRow) { self.row = row.makeRandomAccess() }

    private struct MissingColumn: Error {}

    private func decode<T: PostgresDecodable>(_ type: T.Type, _ column: String) throws -> T {
        guard row.contains(column) else { throw MissingColumn() }
        return try row[column].decode(type)
    }

    func text(_ column: String) throws -> String? { try decode(String?.self, column) }
    func bytes(_ column: String) throws -> [UInt8]? { try decode(ByteBuffer?.self, column).map { Array(buffer: $0) } }
    func integer(_ column: String) throws -> Int64? { try decode(Int64?.self, column) }
    func real(_ column: String) throws -> Double? { try decode(Double?.self, column) }
    func boolean(_ column: String) throws -> Bool? { try decode(Bool?.self, column) }
}
