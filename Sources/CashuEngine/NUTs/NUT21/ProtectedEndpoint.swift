// NUT-21 — Clear authentication: a protected endpoint `{method, path}` and the exact-or-prefix path match.

/// An endpoint a mint protects with clear (NUT-21) or blind (NUT-22) authentication.
package struct ProtectedEndpoint: Codable, Hashable, Sendable {
    /// The HTTP method (`GET`, `POST`).
    package var method: String
    /// The path, exact or a prefix pattern ending in `*`.
    package var path: String

    /// Creates an endpoint pattern.
    package init(method: String, path: String) {
        self.method = method
        self.path = path
    }

    /// Whether a request with `method` to `path` is covered by this endpoint.
    package func matches(method requestMethod: String, path requestPath: String) -> Bool {
        method.uppercased() == requestMethod.uppercased() && Self.matches(pattern: path, path: requestPath)
    }

    /// Matches a path against a pattern: exact, or a prefix match when the pattern ends with `*` (NUT-21).
    ///
    /// Only a final `*` is special; patterns are never treated as regular expressions (they are untrusted).
    package static func matches(pattern: String, path: String) -> Bool {
        if pattern.hasSuffix("*") {
            return path.utf8.starts(with: pattern.utf8.dropLast())
        }
        return pattern.utf8.elementsEqual(path.utf8)
    }
}
