// NUT-17 — WebSockets: a JSON-RPC request id, an integer or a string (mints answer with either).

/// A JSON-RPC id: the spec's requests use integers, but its error example answers with the string `"1"`.
package enum JSONRPCID: Hashable, Sendable, Codable, CustomStringConvertible {
    /// An integer id.
    case int(Int64)
    /// A string id.
    case string(String)

    package init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let value = try? c.decode(Int64.self) {
            self = .int(value)
        } else {
            self = .string(try c.decode(String.self))
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .int(let value): try c.encode(value)
        case .string(let value): try c.encode(value)
        }
    }

    /// Whether this id answers the request with `other`, comparing `1` and `"1"` as equal.
    package func answers(_ other: JSONRPCID) -> Bool { description == other.description }

    package var description: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        }
    }
}
