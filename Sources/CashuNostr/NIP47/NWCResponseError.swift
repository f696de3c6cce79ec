// NIP-47 — Nostr Wallet Connect: the `error` object of a response, `{code, message}`.

/// A response's error: a code and a human-readable message.
public struct NWCResponseError: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The error code.
    public var code: NWCErrorCode
    /// A human-readable message (never a secret).
    public var message: String

    public init(_ code: NWCErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code): \(message)" }
}
