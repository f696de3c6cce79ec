// LNURL (LUD-01, 06, 12, 16): what can be wrong with a Lightning address, an LNURL or a payee's answers.

/// A failure resolving or checking an LNURL-pay payment.
package struct LNURLError: CashuError {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<LNURLError>

    package let code: Code
    /// A human explanation (the payee's own words are passed through `reason` only after the caller's display rules).
    package let reason: String

    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == LNURLError {
    /// Not a Lightning address or an LNURL.
    package static let invalidAddress = Self(rawValue: "invalidAddress")
    /// The payee's answer cannot be read, or says something a wallet must refuse.
    package static let invalidResponse = Self(rawValue: "invalidResponse")
    /// The payee answered `{"status": "ERROR", "reason": ...}`.
    package static let payeeRefused = Self(rawValue: "payeeRefused")
    /// A comment the payee does not take (too long, or none allowed).
    package static let invalidComment = Self(rawValue: "invalidComment")
    /// The amount is outside what the payee accepts.
    package static let amountOutOfRange = Self(rawValue: "amountOutOfRange")
    /// The invoice does not ask for the amount, or does not commit to the payee's metadata.
    package static let invoiceMismatch = Self(rawValue: "invoiceMismatch")
    /// The payee could not be reached.
    package static let unreachable = Self(rawValue: "unreachable")
}
