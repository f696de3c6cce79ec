// CoreCashu — the error thrown by the cryptographic layer (NUT-00, NUT-11, NUT-12, NUT-13, NUT-28).

/// A failure in a cryptographic operation or while parsing key material.
///
/// The `code` says what went wrong in a way callers can match on; `reason` is for humans.
package struct CryptoError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<CryptoError>

    /// What went wrong.
    package let code: Code
    /// A human-readable explanation. Never contains secret material.
    package let reason: String

    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == CryptoError {
    /// A scalar was not 32 bytes, was zero, or was not below the curve order.
    package static let invalidScalar = Self(rawValue: "invalidScalar")
    /// Bytes that should encode a curve point did not.
    package static let invalidPoint = Self(rawValue: "invalidPoint")
    /// An operation produced the point at infinity or a zero scalar.
    package static let degenerateResult = Self(rawValue: "degenerateResult")
    /// A Schnorr or DLEQ signature was malformed.
    package static let invalidSignature = Self(rawValue: "invalidSignature")
    /// A DLEQ proof did not verify.
    package static let dleqVerificationFailed = Self(rawValue: "dleqVerificationFailed")
    /// hash_to_curve found no point within its counter range.
    package static let hashToCurveExhausted = Self(rawValue: "hashToCurveExhausted")
    /// A mnemonic word, length or checksum was wrong (BIP-39).
    package static let invalidMnemonic = Self(rawValue: "invalidMnemonic")
    /// A BIP-32 derivation step failed or a path was malformed.
    package static let invalidDerivation = Self(rawValue: "invalidDerivation")
    /// A keyset id could not be used for derivation.
    package static let invalidKeysetID = Self(rawValue: "invalidKeysetID")
    /// The system random number generator failed.
    package static let randomnessUnavailable = Self(rawValue: "randomnessUnavailable")
}
