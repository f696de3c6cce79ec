// NIP-47 — Nostr Wallet Connect: the error codes of a response ("Error codes" and each command's "Errors").

/// A NIP-47 error code. Codes this module does not know are kept as they are.
package struct NWCErrorCode: RawRepresentable, Sendable, Hashable, Codable, CustomStringConvertible {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }

    /// The client is sending commands too fast; it should retry in a few seconds.
    package static let rateLimited = NWCErrorCode(rawValue: "RATE_LIMITED")
    /// The command is not known or is intentionally not implemented.
    package static let notImplemented = NWCErrorCode(rawValue: "NOT_IMPLEMENTED")
    /// The wallet does not have enough funds to cover a fee reserve or the payment amount.
    package static let insufficientBalance = NWCErrorCode(rawValue: "INSUFFICIENT_BALANCE")
    /// The connection has exceeded its spending quota (its budget).
    package static let quotaExceeded = NWCErrorCode(rawValue: "QUOTA_EXCEEDED")
    /// This public key is not allowed to do this operation.
    package static let restricted = NWCErrorCode(rawValue: "RESTRICTED")
    /// This public key has no wallet connected.
    package static let unauthorized = NWCErrorCode(rawValue: "UNAUTHORIZED")
    /// An internal error.
    package static let `internal` = NWCErrorCode(rawValue: "INTERNAL")
    /// The encryption type of the request is not supported by the wallet service.
    package static let unsupportedEncryption = NWCErrorCode(rawValue: "UNSUPPORTED_ENCRYPTION")
    /// Another error.
    package static let other = NWCErrorCode(rawValue: "OTHER")
    /// `pay_invoice`, `pay_keysend`: the payment failed (and nothing was spent).
    package static let paymentFailed = NWCErrorCode(rawValue: "PAYMENT_FAILED")
    /// `lookup_invoice`: the invoice could not be found.
    package static let notFound = NWCErrorCode(rawValue: "NOT_FOUND")

    package var description: String { rawValue }
}
