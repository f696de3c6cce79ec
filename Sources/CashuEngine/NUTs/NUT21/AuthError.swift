// NUT-21/22 — what can go wrong logging in to a mint and authenticating its requests, each saying what to do.

/// A failure of clear or blind authentication.
public struct AuthError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The provider's discovery document or answers cannot be used.
        public static let invalidProvider = Code(rawValue: "invalidProvider")
        /// Wrong user name or password, or a refused grant (`invalid_grant`).
        public static let loginRefused = Code(rawValue: "loginRefused")
        /// The provider does not know the mint's client id (`invalid_client`, `unauthorized_client`).
        public static let unknownClient = Code(rawValue: "unknownClient")
        /// The user declined the device login (`access_denied`).
        public static let declined = Code(rawValue: "declined")
        /// The device code expired before the user approved it (`expired_token`).
        public static let expired = Code(rawValue: "expired")
        /// The session can no longer be refreshed: log in again.
        public static let loginRequired = Code(rawValue: "loginRequired")
        /// The provider could not be reached.
        public static let unreachable = Code(rawValue: "unreachable")
    }

    public let code: Code
    /// A human explanation; never a token, code or password.
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "AuthError.\(code): \(reason)" }
}
