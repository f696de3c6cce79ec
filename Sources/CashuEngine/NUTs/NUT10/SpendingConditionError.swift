// NUT-10 — Spending conditions: the error thrown when a locked secret, its witness or a spend of it is not valid.

/// A failure while parsing, creating, signing or verifying a NUT-10/11/14 spending condition.
///
/// The `code` says what went wrong in a way callers can match on; `reason` is for humans and never contains a
/// secret, a preimage or a signature.
public struct SpendingConditionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a value callers can compare.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The secret looks like a well-known secret (starts with `[`) but is not `["kind", {nonce, data, tags?}]`.
        public static let malformedSecret = Code(rawValue: "malformedSecret")
        /// A tag is not an array of one or more non-empty strings (NUT-10 "Tag format").
        public static let invalidTag = Code(rawValue: "invalidTag")
        /// A tag that may appear once appears more than once (NUT-11 "Tags").
        public static let duplicateTag = Code(rawValue: "duplicateTag")
        /// The secret's kind is not one this library can verify or sign.
        public static let unsupportedKind = Code(rawValue: "unsupportedKind")
        /// `sigflag` is neither `SIG_INPUTS` nor `SIG_ALL`.
        public static let invalidSigFlag = Code(rawValue: "invalidSigFlag")
        /// A public key in `data`, `pubkeys` or `refund` is not a compressed secp256k1 point.
        public static let invalidPublicKey = Code(rawValue: "invalidPublicKey")
        /// `n_sigs` / `n_sigs_refund` is not a positive integer or exceeds the keys in its pathway.
        public static let invalidSignatureThreshold = Code(rawValue: "invalidSignatureThreshold")
        /// The same key (by x-coordinate) appears twice in one pathway.
        public static let duplicateKey = Code(rawValue: "duplicateKey")
        /// More keys, tags or signatures than this library accepts (bounds verification work).
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        /// A locked input has no witness where one is needed.
        public static let missingWitness = Code(rawValue: "missingWitness")
        /// The witness is not the JSON object NUT-11/14 define, or a signature is not 64 bytes of hex.
        public static let malformedWitness = Code(rawValue: "malformedWitness")
        /// Fewer distinct pathway keys signed than the threshold requires.
        public static let insufficientSignatures = Code(rawValue: "insufficientSignatures")
        /// SIG_ALL inputs do not all share kind, data and tags (NUT-11 "Signature flag SIG_ALL").
        public static let sigAllMismatch = Code(rawValue: "sigAllMismatch")
        /// A SIG_ALL input was checked on its own, without the transaction its signature covers.
        public static let sigAllNeedsTransaction = Code(rawValue: "sigAllNeedsTransaction")
        /// An HTLC hash lock or preimage is not 32 bytes of hex.
        public static let invalidHashLock = Code(rawValue: "invalidHashLock")
        /// A witness preimage is not 32 bytes of hex.
        public static let invalidPreimage = Code(rawValue: "invalidPreimage")
        /// The preimage is missing or does not hash to the lock (NUT-14 "Hash lock").
        public static let preimageMismatch = Code(rawValue: "preimageMismatch")
        /// None of the keys offered to the signer can sign for this input.
        public static let noSigningKey = Code(rawValue: "noSigningKey")
        /// A transaction had no inputs.
        public static let emptyTransaction = Code(rawValue: "emptyTransaction")
    }

    /// What went wrong.
    public let code: Code
    /// A human-readable explanation. Never contains secret material.
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "SpendingConditionError.\(code): \(reason)" }
}
