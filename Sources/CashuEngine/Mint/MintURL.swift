// NUT-00 — Mint URLs: the normalised form a wallet keys everything on (no trailing slash, lowercase scheme and host).

import Foundation

/// A mint's base URL, normalised so that one mint has one spelling.
///
/// NUT-00 requires the trailing `/` to be stripped. We also lowercase the scheme and host, drop a default port
/// (`:443` for https, `:80` for http) and refuse query strings, fragments and user info, which have no meaning for a
/// mint and would let two spellings of one mint hold separate balances.
public struct MintURL: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    /// The normalised URL text, e.g. `https://mint.example.com` or `http://127.0.0.1:3338/cashu`.
    public let rawValue: String

    /// Parses and normalises a mint URL.
    /// - Parameter string: the URL as a user or a token gives it.
    /// - Throws: `EncodingFailure` with code `invalidField` when it is not an http(s) URL with a host.
    public init(_ string: String) throws {
        try self.init(parsing: string)
    }

    /// ``init(_:)`` with its typed error, for the library's own callers.
    package init(parsing string: String) throws(EncodingFailure) {
        let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.utf8.count <= 2048, var components = URLComponents(string: trimmed) else {
            throw EncodingFailure(.invalidField, "mint URL is not a URL")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw EncodingFailure(.invalidField, "mint URL must use http or https")
        }
        guard let host = components.host, !host.isEmpty else {
            throw EncodingFailure(.invalidField, "mint URL has no host")
        }
        guard components.query == nil, components.fragment == nil, components.user == nil,
            components.password == nil
        else {
            throw EncodingFailure(.invalidField, "mint URL must not carry a query, fragment or user info")
        }
        components.scheme = scheme
        components.host = host.lowercased()
        if (scheme == "https" && components.port == 443) || (scheme == "http" && components.port == 80) {
            components.port = nil
        }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path
        // The normal form percent-encodes what the input left raw, so it can outgrow the limit the input met: refuse
        // it then, or the wallet would key a mint on a URL that does not parse back (found by fuzzing).
        guard let normalised = components.string, normalised.utf8.count <= 2048 else {
            throw EncodingFailure(.invalidField, "mint URL cannot be normalised within 2048 bytes")
        }
        self.rawValue = normalised
    }

    /// The URL for an API path below the mint, e.g. `/v1/keys`.
    package func appending(path: String) -> String { rawValue + path }

    public var description: String { rawValue }

    public static func < (lhs: MintURL, rhs: MintURL) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.reason))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
