// Errors: the one shape of every error the library throws.

/// An error of the library: a ``code`` to match on and a ``reason`` for people, free of secrets.
///
/// A front end that only shows errors handles them all alike: `catch let error as any CashuError` gives
/// ``codeName`` (for a log or an API answer) and ``reason`` (for the user).
public protocol CashuError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    var code: ErrorCode<Self> { get }
    /// A human explanation; never a secret, a token or a key.
    var reason: String { get }
}

extension CashuError {
    /// The code's string (`"insufficientFunds"`), readable from `any CashuError`.
    public var codeName: String { code.rawValue }

    public var description: String { "\(Self.self).\(code): \(reason)" }
}
