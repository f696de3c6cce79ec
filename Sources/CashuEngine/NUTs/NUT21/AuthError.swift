// NUT-21/22 — what can go wrong logging in to a mint and authenticating its requests, each saying what to do.

/// A failure of clear or blind authentication.
package struct AuthError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<AuthError>

    package let code: Code
    /// A human explanation; never a token, code or password.
    package let reason: String

    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == AuthError {
    /// The provider's discovery document or answers cannot be used.
    package static let invalidProvider = Self(rawValue: "invalidProvider")
    /// Wrong user name or password, or a refused grant (`invalid_grant`).
    package static let loginRefused = Self(rawValue: "loginRefused")
    /// The provider does not know the mint's client id (`invalid_client`, `unauthorized_client`).
    package static let unknownClient = Self(rawValue: "unknownClient")
    /// The user declined the device login (`access_denied`).
    package static let declined = Self(rawValue: "declined")
    /// The device code expired before the user approved it (`expired_token`).
    package static let expired = Self(rawValue: "expired")
    /// The session can no longer be refreshed: log in again.
    package static let loginRequired = Self(rawValue: "loginRequired")
    /// The provider could not be reached.
    package static let unreachable = Self(rawValue: "unreachable")
}
