// NIP-47 — Nostr Wallet Connect: free-form JSON (`metadata`, the params of methods this module does not model).

import Foundation

/// A JSON value kept as it came.
package indirect enum NWCJSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits `Int64`.
    case integer(Int64)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([NWCJSONValue])
    /// An object.
    case object([String: NWCJSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([NWCJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: NWCJSONValue].self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value's compact JSON text.
    package var jsonText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// NIP-47 "Metadata": at most 4096 characters of JSON, or it is dropped.
    package static let metadataLimit = 4096

    /// The value if its JSON fits ``metadataLimit``, else `nil`.
    package var asMetadata: NWCJSONValue? { jsonText.count <= Self.metadataLimit ? self : nil }
}
