// CLI: a JSON value with keys in the order they were given, written the way `--json` output reads
// (`{"total": 1000, "mints": {...}}`), integers exact to 2^64.

import Foundation

/// A JSON value for `--json` output.
indirect enum JSONOutput: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    case null
    case bool(Bool)
    case number(UInt64)
    case negative(Int64)
    case string(String)
    case array([JSONOutput])
    /// An object; keys keep their order.
    case object([(String, JSONOutput)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: UInt64) { self = .number(value) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(arrayLiteral elements: JSONOutput...) { self = .array(elements) }
    init(dictionaryLiteral elements: (String, JSONOutput)...) { self = .object(elements) }

    /// A string, or `null` when absent.
    static func optional(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }
    /// A number, or `null` when absent.
    static func optional(_ value: UInt64?) -> JSONOutput { value.map { .number($0) } ?? .null }
    /// A count.
    static func int(_ value: Int) -> JSONOutput { value >= 0 ? .number(UInt64(value)) : .negative(Int64(value)) }
    /// A date as ISO 8601 in UTC, e.g. `2025-01-31T12:00:00Z`.
    static func date(_ date: Date) -> JSONOutput { .string(date.formatted(.iso8601)) }

    /// The value as one line of JSON.
    var rendered: String {
        var text = ""
        write(into: &text)
        return text
    }

    static func == (lhs: JSONOutput, rhs: JSONOutput) -> Bool { lhs.rendered == rhs.rendered }

    private func write(into text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += String(value)
        case .negative(let value): text += String(value)
        case .string(let value): Self.quote(value, into: &text)
        case .array(let items):
            text += "["
            for (index, item) in items.enumerated() {
                if index > 0 { text += ", " }
                item.write(into: &text)
            }
            text += "]"
        case .object(let entries):
            text += "{"
            for (index, (key, value)) in entries.enumerated() {
                if index > 0 { text += ", " }
                Self.quote(key, into: &text)
                text += ": "
                value.write(into: &text)
            }
            text += "}"
        }
    }

    private static func quote(_ string: String, into text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f || (0x2028...0x2029).contains(scalar.value):
                text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
