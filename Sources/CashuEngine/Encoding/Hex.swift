// CoreCashu — lowercase hexadecimal encoding used by every NUT wire format.

/// Lowercase hex encoding and strict decoding.
public enum Hex {
    private static let digits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Encodes bytes as lowercase hex.
    public static func encode<Bytes: Sequence>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        var out = [UInt8]()
        out.reserveCapacity(bytes.underestimatedCount * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes hex (either case) into bytes.
    ///
    /// - Throws: `EncodingFailure` with code `.invalidHex` for odd lengths or non-hex characters.
    public static func decode(_ string: some StringProtocol) throws -> [UInt8] {
        try parse(string)
    }

    /// ``decode(_:)`` with its typed error, for the library's own callers.
    package static func parse(_ string: some StringProtocol) throws(EncodingFailure) -> [UInt8] {
        let utf8 = string.utf8
        guard utf8.count % 2 == 0 else {
            throw EncodingFailure(.invalidHex, "hex string has odd length \(utf8.count)")
        }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 2)
        var high: UInt8? = nil
        for char in utf8 {
            guard let nibble = nibble(char) else {
                throw EncodingFailure(.invalidHex, "non-hex character in hex string")
            }
            if let h = high {
                out.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        return out
    }

    /// Decodes hex that must be exactly `count` bytes long.
    package static func decode(_ string: some StringProtocol, count: Int) throws(EncodingFailure) -> [UInt8] {
        let bytes = try parse(string)
        guard bytes.count == count else {
            throw EncodingFailure(.invalidLength, "expected \(count) bytes of hex, got \(bytes.count)")
        }
        return bytes
    }

    @inline(__always)
    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return c &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return c &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return c &- UInt8(ascii: "A") &+ 10
        default: return nil
        }
    }
}
