// NIP-47 — Nostr Wallet Connect: the `error` object of a response, `{code, message}`.

/// A response's error: a code and a human-readable message.
package struct NWCResponseError: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The error code.
    package var code: NWCErrorCode
    /// A human-readable message (never a secret).
    package var message: String

    package init(_ code: NWCErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }

    package var description: String { "\(code): \(message)" }
}
