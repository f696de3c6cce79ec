// BIP-353 / BIP-321: what can be wrong resolving a human-readable address (₿user@domain) to payment instructions.

/// A failure resolving or reading BIP-353 payment instructions.
package struct PaymentInstructionError: CashuError {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<PaymentInstructionError>

    package let code: Code
    /// A human explanation; never the record's payment data.
    package let reason: String

    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == PaymentInstructionError {
    /// Not a `₿user@domain` address.
    package static let invalidAddress = Self(rawValue: "invalidAddress")
    /// The domain publishes no payment instructions for the user.
    package static let notFound = Self(rawValue: "notFound")
    /// The answer was not DNSSEC-validated (the resolver did not set AD).
    package static let notValidated = Self(rawValue: "notValidated")
    /// Several `bitcoin:` records, which BIP-353 forbids.
    package static let ambiguous = Self(rawValue: "ambiguous")
    /// The DNS answer or the URI in it cannot be read.
    package static let invalidAnswer = Self(rawValue: "invalidAnswer")
    /// No resolver answered.
    package static let unreachable = Self(rawValue: "unreachable")
    /// The instructions name only ways this wallet cannot pay (BOLT12 offers, on-chain addresses).
    package static let unsupported = Self(rawValue: "unsupported")
}
