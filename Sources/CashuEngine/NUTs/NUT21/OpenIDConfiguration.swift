// NUT-21 — the OpenID Connect discovery document (OpenID Connect Discovery 1.0 §3) a mint's `openid_discovery`
// points at: where to get and refresh tokens.

import Foundation

/// The parts of a provider's discovery document a wallet logs in with.
package struct OpenIDConfiguration: Codable, Hashable, Sendable {
    /// The issuer (the `iss` of its tokens).
    package var issuer: String
    /// The token endpoint (password, refresh and device-code grants).
    package var tokenEndpoint: URL
    /// The device authorization endpoint (RFC 8628), when the provider offers the device flow.
    package var deviceAuthorizationEndpoint: URL?
    /// The grant types it lists (absent: unknown, try).
    package var grantTypesSupported: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case tokenEndpoint = "token_endpoint"
        case deviceAuthorizationEndpoint = "device_authorization_endpoint"
        case grantTypesSupported = "grant_types_supported"
    }

    package init(
        issuer: String, tokenEndpoint: URL, deviceAuthorizationEndpoint: URL? = nil,
        grantTypesSupported: [String]? = nil
    ) {
        self.issuer = issuer
        self.tokenEndpoint = tokenEndpoint
        self.deviceAuthorizationEndpoint = deviceAuthorizationEndpoint
        self.grantTypesSupported = grantTypesSupported
    }

    /// Reads a discovery document; its endpoints must be http(s), and https unless on this machine.
    /// - Throws: ``AuthError`` `.invalidProvider`.
    package init(json: [UInt8]) throws(AuthError) {
        guard json.count <= 256 * 1024, let decoded = try? JSONDecoder().decode(Self.self, from: Data(json)) else {
            throw AuthError(.invalidProvider, "the provider's discovery document cannot be read")
        }
        for url in [decoded.tokenEndpoint] + [decoded.deviceAuthorizationEndpoint].compactMap(\.self) {
            guard Self.isAcceptable(url) else {
                throw AuthError(.invalidProvider, "the provider's endpoints must be https (or on this machine)")
            }
        }
        self = decoded
    }

    /// Whether the provider says it supports `grant` (or says nothing).
    package func supports(grant: String) -> Bool { grantTypesSupported.map { $0.contains(grant) } ?? true }

    /// https, or http to a loopback host.
    package static func isAcceptable(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return url.host?.isEmpty == false
        case "http": return url.host.map(HostName.isLoopback) ?? false
        default: return false
        }
    }
}
