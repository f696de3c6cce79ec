// Storage: one bound value of a PostgreSQL statement, and how Swift values are stored in columns.

import CashuEngine
import Foundation
import PostgresNIO

/// A value bound to a `$n` placeholder.
///
/// Column formats match the SQLite store's: `UInt64` amounts as the BIGINT with the same bits (negative above
/// `Int64.max`), dates as DOUBLE PRECISION seconds since 2001-01-01 (exact for a `Date`), points and ids as lowercase
/// hex TEXT, JSON as TEXT, byte payloads as BYTEA.
enum PostgresValue: Sendable {
    case text(String?)
    case integer(Int64?)
    case real(Double?)
    case bytes([UInt8]?)
    case boolean(Bool)
    case textArray([String])

    static func amount(_ value: UInt64) -> PostgresValue { .integer(Int64(bitPattern: value)) }
    static func amount(_ value: UInt64?) -> PostgresValue { .integer(value.map { Int64(bitPattern: $0) }) }
    static func date(_ date: Date) -> PostgresValue { .real(date.timeIntervalSinceReferenceDate) }
    static func date(_ date: Date?) -> PostgresValue { .real(date?.timeIntervalSinceReferenceDate) }

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
        case .textArray(let values): bindings.append(values)
        }
    }
}

extension PostgresValue: ExpressibleByStringLiteral {
    init(stringLiteral value: String) { self = .text(value) }
}
