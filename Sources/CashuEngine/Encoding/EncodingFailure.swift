// CoreCashu — the error thrown by the byte encodings (hex, base64url, CBOR, bech32m) and token/request decoders.

/// A failure while decoding or encoding untrusted bytes.
///
/// Named `EncodingFailure` to stay clear of the standard library's `EncodingError`.
public struct EncodingFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a value callers can compare.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let invalidHex = Code(rawValue: "invalidHex")
        public static let invalidBase64 = Code(rawValue: "invalidBase64")
        public static let invalidBech32 = Code(rawValue: "invalidBech32")
        public static let invalidCBOR = Code(rawValue: "invalidCBOR")
        public static let invalidJSON = Code(rawValue: "invalidJSON")
        public static let invalidLength = Code(rawValue: "invalidLength")
        public static let invalidPrefix = Code(rawValue: "invalidPrefix")
        public static let truncated = Code(rawValue: "truncated")
        public static let limitExceeded = Code(rawValue: "limitExceeded")
        public static let missingField = Code(rawValue: "missingField")
        public static let invalidField = Code(rawValue: "invalidField")
        public static let amountOverflow = Code(rawValue: "amountOverflow")
        public static let unknownKeyset = Code(rawValue: "unknownKeyset")
        public static let ambiguousKeyset = Code(rawValue: "ambiguousKeyset")
        /// NUT-16: Bytewords that are not words or whose checksum does not match.
        public static let invalidBytewords = Code(rawValue: "invalidBytewords")
        /// NUT-16: a UR frame that does not fit the others, or a reassembled message whose checksum does not match.
        public static let invalidUR = Code(rawValue: "invalidUR")
    }

    /// What went wrong.
    public let code: Code
    /// A human-readable explanation. Never contains the input itself (it may be a bearer token).
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "EncodingFailure.\(code): \(reason)" }
}
