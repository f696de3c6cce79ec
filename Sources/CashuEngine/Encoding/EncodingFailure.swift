// CoreCashu — the error thrown by the byte encodings (hex, base64url, CBOR, bech32m) and token/request decoders.

/// A failure while decoding or encoding untrusted bytes.
///
/// Named `EncodingFailure` to stay clear of the standard library's `EncodingError`.
public struct EncodingFailure: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    public typealias Code = ErrorCode<EncodingFailure>

    /// What went wrong.
    public let code: Code
    /// A human-readable explanation. Never contains the input itself (it may be a bearer token).
    public let reason: String

    public init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == EncodingFailure {
    public static let invalidHex = Self(rawValue: "invalidHex")
    public static let invalidBase64 = Self(rawValue: "invalidBase64")
    public static let invalidBech32 = Self(rawValue: "invalidBech32")
    public static let invalidCBOR = Self(rawValue: "invalidCBOR")
    public static let invalidJSON = Self(rawValue: "invalidJSON")
    public static let invalidLength = Self(rawValue: "invalidLength")
    public static let invalidPrefix = Self(rawValue: "invalidPrefix")
    public static let truncated = Self(rawValue: "truncated")
    public static let limitExceeded = Self(rawValue: "limitExceeded")
    public static let missingField = Self(rawValue: "missingField")
    public static let invalidField = Self(rawValue: "invalidField")
    public static let amountOverflow = Self(rawValue: "amountOverflow")
    public static let unknownKeyset = Self(rawValue: "unknownKeyset")
    public static let ambiguousKeyset = Self(rawValue: "ambiguousKeyset")
    /// NUT-16: Bytewords that are not words or whose checksum does not match.
    public static let invalidBytewords = Self(rawValue: "invalidBytewords")
    /// NUT-16: a UR frame that does not fit the others, or a reassembled message whose checksum does not match.
    public static let invalidUR = Self(rawValue: "invalidUR")
}
