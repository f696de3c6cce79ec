// NUT-21 — the wallet's login to a mint's OpenID provider, as a front end shows it (never a token).

import Foundation

/// A login to a mint kept in the wallet's secure store.
public struct MintLogin: Sendable, Equatable {
    /// Who is logged in, as the provider names them (its `sub` claim), when it says.
    public var user: String?
    /// When the access token expires, when the provider says.
    public var expiresAt: Date?
    /// Whether the wallet renews the login by itself (it holds a refresh token).
    public var renewable: Bool

    package init(user: String?, expiresAt: Date?, renewable: Bool) {
        self.user = user
        self.expiresAt = expiresAt
        self.renewable = renewable
    }
}
