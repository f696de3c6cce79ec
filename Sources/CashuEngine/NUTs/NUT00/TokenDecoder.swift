// NUT-00 — Cryptography and models: the one entry point that picks a token decoder by prefix and bounds the work.

/// Decodes serialized tokens of every version, choosing the engine by prefix.
///
/// Text: `cashuA` (V3, JSON) and `cashuB` (V4, CBOR), optionally behind the `cashu:` URI scheme (NUT-00 "URI tags").
/// Binary: `crawB` (V4, CBOR). Input larger than ``maximumTextLength`` / ``maximumBinaryLength`` is refused before any
/// decoding, so a hostile token costs at most linear time and a bounded amount of memory.
package enum TokenDecoder {
    /// The largest serialized token accepted, in UTF-8 bytes after trimming: 4 MiB, room for ~35,000 V4 proofs.
    package static let maximumTextLength = 4 << 20
    /// The largest binary token accepted, in bytes (the binary size of a text token at ``maximumTextLength``).
    package static let maximumBinaryLength = 3 << 20

    static let textPrefix = "cashu"
    static let binaryPrefix = "craw"
    private static let uriScheme: [UInt8] = Array("cashu:".utf8)

    /// Decodes a `cashuA…` / `cashuB…` string, optionally prefixed with `cashu:`; surrounding whitespace is ignored.
    ///
    /// - Parameter string: The serialized token.
    /// - Returns: The token.
    /// - Throws: ``EncodingFailure`` `.limitExceeded` for oversized input, `.invalidPrefix` for anything but
    ///   `cashuA`/`cashuB`, else the errors of the version's decoder (see ``Token/decode(_:)``), or ``CryptoError``
    ///   for invalid points and scalars.
    package static func decode(_ string: String) throws -> Token {
        var text = Substring(string).utf8
        // Checked before trimming so a huge run of whitespace is refused, not scanned.
        guard text.count <= maximumTextLength + 1024 else {
            throw EncodingFailure(.limitExceeded, "token text exceeds \(maximumTextLength) bytes")
        }
        while let first = text.first, isWhitespace(first) { text.removeFirst() }
        while let last = text.last, isWhitespace(last) { text.removeLast() }
        guard text.count <= maximumTextLength else {
            throw EncodingFailure(.limitExceeded, "token text exceeds \(maximumTextLength) bytes")
        }
        if text.count >= uriScheme.count,
            zip(text.prefix(uriScheme.count), uriScheme).allSatisfy({ lowercased($0) == $1 })
        {
            text.removeFirst(uriScheme.count)
        }
        let prefix = Array(textPrefix.utf8)
        guard text.count > prefix.count, text.starts(with: prefix) else {
            throw EncodingFailure(.invalidPrefix, "a token starts with cashuA or cashuB")
        }
        let versionByte = text[text.index(text.startIndex, offsetBy: prefix.count)]
        let payload = text.dropFirst(prefix.count + 1)
        switch versionByte {
        case UInt8(ascii: "A"):
            return try TokenV3Coding.decode(try Base64URL.decode(Substring(payload)))
        case UInt8(ascii: "B"):
            return try TokenV4Coding.decode(try Base64URL.decode(Substring(payload)))
        default:
            throw EncodingFailure(.invalidPrefix, "unknown token version")
        }
    }

    /// Decodes a binary token `utf8("craw") || utf8("B") || cbor(token)`.
    ///
    /// - Parameter binary: The raw bytes.
    /// - Returns: The token.
    /// - Throws: ``EncodingFailure`` `.limitExceeded`, `.invalidPrefix` for anything but `crawB`, else as the V4
    ///   decoder; ``CryptoError`` for invalid points and scalars.
    package static func decode(binary: [UInt8]) throws -> Token {
        guard binary.count <= maximumBinaryLength else {
            throw EncodingFailure(.limitExceeded, "binary token exceeds \(maximumBinaryLength) bytes")
        }
        let prefix = Array((binaryPrefix + Token.Version.v4.rawValue).utf8)
        guard binary.starts(with: prefix) else {
            throw EncodingFailure(.invalidPrefix, "a binary token starts with crawB")
        }
        return try TokenV4Coding.decode(Array(binary.dropFirst(prefix.count)))
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0a || byte == 0x0d
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }
}
