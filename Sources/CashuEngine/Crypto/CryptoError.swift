// CoreCashu — the error thrown by the cryptographic layer (NUT-00, NUT-11, NUT-12, NUT-13, NUT-28).

/// A failure in a cryptographic operation or while parsing key material.
///
/// The `code` says what went wrong in a way callers can match on; `reason` is for humans.
public struct CryptoError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a value callers can compare.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A scalar was not 32 bytes, was zero, or was not below the curve order.
        public static let invalidScalar = Code(rawValue: "invalidScalar")
        /// Bytes that should encode a curve point did not.
        public static let invalidPoint = Code(rawValue: "invalidPoint")
        /// An operation produced the point at infinity or a zero scalar.
        public static let degenerateResult = Code(rawValue: "degenerateResult")
        /// A Schnorr or DLEQ signature was malformed.
        public static let invalidSignature = Code(rawValue: "invalidSignature")
        /// A DLEQ proof did not verify.
        public static let dleqVerificationFailed = Code(rawValue: "dleqVerificationFailed")
        /// hash_to_curve found no point within its counter range.
        public static let hashToCurveExhausted = Code(rawValue: "hashToCurveExhausted")
        /// A mnemonic word, length or checksum was wrong (BIP-39).
        public static let invalidMnemonic = Code(rawValue: "invalidMnemonic")
        /// A BIP-32 derivation step failed or a path was malformed.
        public static let invalidDerivation = Code(rawValue: "invalidDerivation")
        /// A keyset id could not be used for derivation.
        public static let invalidKeysetID = Code(rawValue: "invalidKeysetID")
        /// The system random number generator failed.
        public static let randomnessUnavailable = Code(rawValue: "randomnessUnavailable")
    }

    /// What went wrong.
    public let code: Code
    /// A human-readable explanation. Never contains secret material.
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "CryptoError.\(code): \(reason)" }
}
