// CoreCashu — the error thrown by the byte encodings (hex, base64url, CBOR, bech32m) and token/request decoders.

/// A failure while decoding or encoding untrusted bytes.
///
/// Named `EncodingFailure` to stay clear of the standard library's `EncodingError`.
package struct EncodingFailure: CashuError, Hashable {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<EncodingFailure>

    /// What went wrong.
    package let code: Code
    /// A human-readable explanation. Never contains the input itself (it may be a bearer token).
    package let reason: String

    package init(_ code: Code, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

extension ErrorCode where Domain == EncodingFailure {
    package static let invalidHex = Self(rawValue: "invalidHex")
    package static let invalidBase64 = Self(rawValue: "invalidBase64")
    package static let invalidBech32 = Self(rawValue: "invalidBech32")
    package static let invalidCBOR = Self(rawValue: "invalidCBOR")
    package static let invalidJSON = Self(rawValue: "invalidJSON")
    package static let invalidLength = Self(rawValue: "invalidLength")
    package static let invalidPrefix = Self(rawValue: "invalidPrefix")
    package static let truncated = Self(rawValue: "truncated")
    package static let limitExceeded = Self(rawValue: "limitExceeded")
    package static let missingField = Self(rawValue: "missingField")
    package static let invalidField = Self(rawValue: "invalidField")
    package static let amountOverflow = Self(rawValue: "amountOverflow")
    package static let unknownKeyset = Self(rawValue: "unknownKeyset")
    package static let ambiguousKeyset = Self(rawValue: "ambiguousKeyset")
    /// NUT-16: Bytewords that are not words or whose checksum does not match.
    package static let invalidBytewords = Self(rawValue: "invalidBytewords")
    /// NUT-16: a UR frame that does not fit the others, or a reassembled message whose checksum does not match.
    package static let invalidUR = Self(rawValue: "invalidUR")
}
