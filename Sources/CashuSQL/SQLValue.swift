// Storage: one value bound to a statement's placeholder, and how Swift values are stored in columns, for both stores.

import CashuEngine
import Foundation

/// A value bound to a `?` placeholder of a statement (each store's connection binds it its own way).
///
/// Column formats are the same in both stores:
/// - `UInt64` (amounts, fees, counters, expiries): the 64-bit integer with the same bits (`Int64(bitPattern:)`), so
///   that values above `Int64.max` round-trip exactly. SQL never compares or sums them directly: balances sum the two
///   32-bit halves apart.
/// - `Date`: a double of seconds since 2001-01-01 (Foundation's reference date), which round-trips a `Date` exactly.
/// - points and keyset ids: lowercase hex text; enums: their raw value; JSON values: UTF-8 text; payloads: bytes.
package enum SQLValue: Sendable, Equatable {
    case text(String?)
    case integer(Int64?)
    case real(Double?)
    case bytes([UInt8]?)
    case boolean(Bool)
    /// A list of texts bound to one placeholder (`= ANY(?)`); only a dialect whose ``SQLDialect/membership(_:_:)``
    /// asks for it binds one.
    case textList([String])

    package static func amount(_ value: UInt64) -> SQLValue { .integer(Int64(bitPattern: value)) }
    package static func amount(_ value: UInt64?) -> SQLValue { .integer(value.map { Int64(bitPattern: $0) }) }
    package static func count(_ value: Int) -> SQLValue { .integer(Int64(value)) }
    package static func date(_ date: Date) -> SQLValue { .real(date.timeIntervalSinceReferenceDate) }
    package static func date(_ date: Date?) -> SQLValue { .real(date?.timeIntervalSinceReferenceDate) }
}

extension SQLValue: ExpressibleByStringLiteral {
    package init(stringLiteral value: String) { self = .text(value) }
}
