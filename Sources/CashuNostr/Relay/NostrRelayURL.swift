// NIP-01 — a relay's address: a `ws://` or `wss://` URL.

import Foundation

/// A relay URL, checked and normalised: scheme and host lower-cased, a trailing `/` on an empty path dropped.
public struct NostrRelayURL: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The normalised URL.
    public let string: String

    /// Parses a relay URL.
    ///
    /// - Throws: `NostrError` `.invalidRelayURL` (a `CashuError`) unless it is `ws://` or `wss://` with a host.
    public init(_ text: String) throws {
        try self.init(parsing: text)
    }

    /// ``init(_:)`` with its typed error, for the library's own callers.
    package init(parsing text: String) throws(NostrError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let schemeEnd = trimmed.range(of: "://") else {
            throw NostrError(.invalidRelayURL, "a relay URL starts with ws:// or wss://")
        }
        let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "ws" || scheme == "wss" else {
            throw NostrError(.invalidRelayURL, "a relay URL starts with ws:// or wss://")
        }
        var rest = trimmed[schemeEnd.upperBound...]
        let hostEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        let host = rest[..<hostEnd].lowercased()
        guard !host.isEmpty, !host.contains("@"), !host.contains(where: { $0.isWhitespace }) else {
            throw NostrError(.invalidRelayURL, "a relay URL needs a host and no credentials")
        }
        rest = rest[hostEnd...]
        if rest == "/" { rest = "" }
        string = scheme + "://" + host + rest
    }

    /// Whether the connection is encrypted (`wss`).
    package var isSecure: Bool { string.hasPrefix("wss://") }

    public var description: String { string }

    public static func < (lhs: NostrRelayURL, rhs: NostrRelayURL) -> Bool { lhs.string < rhs.string }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.reason)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
