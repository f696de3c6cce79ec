// NUT-21 — a mint login: the access token sent as `Clear-auth`, the refresh token that renews it, when it expires.

import Foundation

/// A login's tokens. Bearer secrets: they print redacted and live only in the secure store.
package struct ClearAuthTokens: Codable, Sendable, Equatable, CustomStringConvertible, CustomReflectable {
    /// The access token (a JWT) for the `Clear-auth` header.
    package var accessToken: String
    /// The refresh token, when the provider gave one.
    package var refreshToken: String?
    /// When the access token expires (its `exp`, else the answer's `expires_in`).
    package var expiresAt: Date?
    /// Who logged in (`preferred_username`, else `sub`), when the token says.
    package var subject: String?

    package init(accessToken: String, refreshToken: String?, expiresAt: Date?, subject: String?) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.subject = subject
    }

    /// How long before expiry a token is renewed: a request must not leave with a token that lapses on the way.
    package static let refreshMargin: TimeInterval = 30

    /// Whether to refresh before the next request at `now`.
    package func needsRefresh(at now: Date) -> Bool {
        guard let expiresAt else { return false }
        return now.addingTimeInterval(Self.refreshMargin) >= expiresAt
    }

    package var description: String {
        "ClearAuthTokens(<redacted>, refresh: \(refreshToken == nil ? "none" : "<redacted>"), expires: "
            + "\(expiresAt.map { "\($0)" } ?? "unknown"))"
    }

    /// Reflected without the tokens (`dump`, a `Mirror`).
    package var customMirror: Mirror { Mirror(self, children: ["expiresAt": expiresAt as Any]) }
}
