// Errors: the code of an error, one type for every error of the library.

/// What went wrong, as a value callers match on: a stable string, namespaced by the error type it belongs to
/// (`Domain`), so that `WalletError.Code.insufficientFunds` and `KeysetError.Code.overflow` never compare equal.
public struct ErrorCode<Domain>: Hashable, Sendable, CustomStringConvertible {
    /// The code's stable string (`"insufficientFunds"`): a front end reads it as ``description``.
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    /// The code's stable string (`"insufficientFunds"`).
    public var description: String { rawValue }
}
