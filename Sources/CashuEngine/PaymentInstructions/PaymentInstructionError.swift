// BIP-353 / BIP-321: what can be wrong resolving a human-readable address (₿user@domain) to payment instructions.

/// A failure resolving or reading BIP-353 payment instructions.
public struct PaymentInstructionError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// Not a `₿user@domain` address.
        public static let invalidAddress = Code(rawValue: "invalidAddress")
        /// The domain publishes no payment instructions for the user.
        public static let notFound = Code(rawValue: "notFound")
        /// The answer was not DNSSEC-validated (the resolver did not set AD).
        public static let notValidated = Code(rawValue: "notValidated")
        /// Several `bitcoin:` records, which BIP-353 forbids.
        public static let ambiguous = Code(rawValue: "ambiguous")
        /// The DNS answer or the URI in it cannot be read.
        public static let invalidAnswer = Code(rawValue: "invalidAnswer")
        /// No resolver answered.
        public static let unreachable = Code(rawValue: "unreachable")
        /// The instructions name only ways this wallet cannot pay (BOLT12 offers, on-chain addresses).
        public static let unsupported = Code(rawValue: "unsupported")
    }

    public let code: Code
    /// A human explanation; never the record's payment data.
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "PaymentInstructionError.\(code): \(reason)" }
}
