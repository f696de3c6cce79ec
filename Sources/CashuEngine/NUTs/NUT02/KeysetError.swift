// NUT-02 — Keysets and fees: the error thrown by keyset, fee and amount rules (NUT-00, NUT-01, NUT-02, NUT-03).

/// A failure while validating a keyset, deriving its id, computing fees or splitting an amount.
///
/// The `code` says what went wrong in a way callers can match on; `reason` is for humans.
package struct KeysetError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<KeysetError>

    /// What went wrong.
    package let code: Code
    /// A human-readable explanation.
    package let reason: String

    /// Creates an error with a code and an explanation.
    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == KeysetError {
    /// A key was not a 33-byte compressed secp256k1 point (NUT-01).
    package static let invalidKey = Self(rawValue: "invalidKey")
    /// An amount key was not a canonical non-zero decimal `UInt64` (NUT-01).
    package static let invalidAmount = Self(rawValue: "invalidAmount")
    /// A keyset had no keys, or more than the library accepts.
    package static let invalidKeyCount = Self(rawValue: "invalidKeyCount")
    /// The id recomputed from the keys differs from the id the mint claims (NUT-02).
    package static let idMismatch = Self(rawValue: "idMismatch")
    /// An input's keyset is not known, so its fee cannot be computed (NUT-02).
    package static let unknownKeyset = Self(rawValue: "unknownKeyset")
    /// A sum of amounts or fees does not fit in 64 bits.
    package static let overflow = Self(rawValue: "overflow")
    /// An amount cannot be made from the keyset's denominations (NUT-03).
    package static let notRepresentable = Self(rawValue: "notRepresentable")
    /// A split would need more outputs than allowed.
    package static let tooManyOutputs = Self(rawValue: "tooManyOutputs")
    /// A target amount exceeds the amount available.
    package static let insufficientAmount = Self(rawValue: "insufficientAmount")
}
