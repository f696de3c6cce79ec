// NUT-21 — Clear authentication: the mint info settings under key `"21"`.

/// `{openid_discovery, client_id, protected_endpoints}`.
package struct ClearAuthSettings: Codable, Hashable, Sendable {
    /// The OpenID Connect discovery document URL.
    package var openidDiscovery: String
    /// The public OIDC client id.
    package var clientID: String
    /// Endpoints that need a `Clear-auth` header.
    package var protectedEndpoints: [ProtectedEndpoint]

    /// Creates settings.
    package init(openidDiscovery: String, clientID: String, protectedEndpoints: [ProtectedEndpoint]) {
        self.openidDiscovery = openidDiscovery
        self.clientID = clientID
        self.protectedEndpoints = protectedEndpoints
    }

    enum CodingKeys: String, CodingKey {
        case openidDiscovery = "openid_discovery"
        case clientID = "client_id"
        case protectedEndpoints = "protected_endpoints"
    }

    /// Whether a request needs clear authentication.
    package func isProtected(method: String, path: String) -> Bool {
        protectedEndpoints.contains { $0.matches(method: method, path: path) }
    }
}
