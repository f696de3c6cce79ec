// NUT-22 — Blind authentication: the mint info settings under key `"22"`.

/// `{bat_max_mint, protected_endpoints}`.
package struct BlindAuthSettings: Codable, Hashable, Sendable {
    /// The most blind auth tokens one mint request may ask for.
    package var batMaxMint: UInt64
    /// Endpoints that need a `Blind-auth` header.
    package var protectedEndpoints: [ProtectedEndpoint]

    /// Creates settings.
    package init(batMaxMint: UInt64, protectedEndpoints: [ProtectedEndpoint]) {
        self.batMaxMint = batMaxMint
        self.protectedEndpoints = protectedEndpoints
    }

    enum CodingKeys: String, CodingKey {
        case batMaxMint = "bat_max_mint"
        case protectedEndpoints = "protected_endpoints"
    }

    /// Whether a request needs a blind auth token.
    package func isProtected(method: String, path: String) -> Bool {
        protectedEndpoints.contains { $0.matches(method: method, path: path) }
    }
}
