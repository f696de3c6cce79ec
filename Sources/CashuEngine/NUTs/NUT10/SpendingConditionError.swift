// NUT-10 — Spending conditions: the error thrown when a locked secret, its witness or a spend of it is not valid.

/// A failure while parsing, creating, signing or verifying a NUT-10/11/14 spending condition.
///
/// The `code` says what went wrong in a way callers can match on; `reason` is for humans and never contains a
/// secret, a preimage or a signature.
package struct SpendingConditionError: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<SpendingConditionError>

    /// What went wrong.
    package let code: Code
    /// A human-readable explanation. Never contains secret material.
    package let reason: String

    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == SpendingConditionError {
    /// The secret looks like a well-known secret (starts with `[`) but is not `["kind", {nonce, data, tags?}]`.
    package static let malformedSecret = Self(rawValue: "malformedSecret")
    /// A tag is not an array of one or more non-empty strings (NUT-10 "Tag format").
    package static let invalidTag = Self(rawValue: "invalidTag")
    /// A tag that may appear once appears more than once (NUT-11 "Tags").
    package static let duplicateTag = Self(rawValue: "duplicateTag")
    /// The secret's kind is not one this library can verify or sign.
    package static let unsupportedKind = Self(rawValue: "unsupportedKind")
    /// `sigflag` is neither `SIG_INPUTS` nor `SIG_ALL`.
    package static let invalidSigFlag = Self(rawValue: "invalidSigFlag")
    /// A public key in `data`, `pubkeys` or `refund` is not a compressed secp256k1 point.
    package static let invalidPublicKey = Self(rawValue: "invalidPublicKey")
    /// `n_sigs` / `n_sigs_refund` is not a positive integer or exceeds the keys in its pathway.
    package static let invalidSignatureThreshold = Self(rawValue: "invalidSignatureThreshold")
    /// The same key (by x-coordinate) appears twice in one pathway.
    package static let duplicateKey = Self(rawValue: "duplicateKey")
    /// More keys, tags or signatures than this library accepts (bounds verification work).
    package static let limitExceeded = Self(rawValue: "limitExceeded")
    /// A locked input has no witness where one is needed.
    package static let missingWitness = Self(rawValue: "missingWitness")
    /// The witness is not the JSON object NUT-11/14 define, or a signature is not 64 bytes of hex.
    package static let malformedWitness = Self(rawValue: "malformedWitness")
    /// Fewer distinct pathway keys signed than the threshold requires.
    package static let insufficientSignatures = Self(rawValue: "insufficientSignatures")
    /// SIG_ALL inputs do not all share kind, data and tags (NUT-11 "Signature flag SIG_ALL").
    package static let sigAllMismatch = Self(rawValue: "sigAllMismatch")
    /// A SIG_ALL input was checked on its own, without the transaction its signature covers.
    package static let sigAllNeedsTransaction = Self(rawValue: "sigAllNeedsTransaction")
    /// An HTLC hash lock or preimage is not 32 bytes of hex.
    package static let invalidHashLock = Self(rawValue: "invalidHashLock")
    /// A witness preimage is not 32 bytes of hex.
    package static let invalidPreimage = Self(rawValue: "invalidPreimage")
    /// The preimage is missing or does not hash to the lock (NUT-14 "Hash lock").
    package static let preimageMismatch = Self(rawValue: "preimageMismatch")
    /// None of the keys offered to the signer can sign for this input.
    package static let noSigningKey = Self(rawValue: "noSigningKey")
    /// A transaction had no inputs.
    package static let emptyTransaction = Self(rawValue: "emptyTransaction")
}
