// Logging: one secret the redactor found in a text (where it is and what kind it is).

/// A span of UTF-8 bytes to replace, and why.
struct RedactionMatch: Sendable, Equatable {
    /// What was found.
    enum Kind: Sendable, Equatable {
        /// A serialized ecash token (`cashuA`, `cashuB`, `crawB`).
        case token
        /// A NUT-18 / NUT-26 payment request (`creqA`, `creqb1`).
        case paymentRequest
        /// A NUT-22 blind auth token (`authA`), a NUT-21 clear auth token (JWT), or a `Bearer` credential.
        case authToken
        /// A run of 64 or more hex digits: a proof secret, a private key, a blinding factor, a seed.
        case hex
        /// A compressed secp256k1 point (66 hex digits starting 02/03): shortened to a fingerprint.
        case point
        /// A run of BIP-39 words: a mnemonic or part of one.
        case mnemonic
    }

    /// First byte of the span.
    var start: Int
    /// One past the last byte.
    var end: Int
    /// What was found.
    var kind: Kind
}
