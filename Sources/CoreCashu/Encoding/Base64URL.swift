// CoreCashu — base64url (RFC 4648 §5) as tokens, payment requests and auth headers use it (NUT-00, NUT-18, NUT-22).

/// base64url encoding (no padding) and lenient decoding (padding optional; standard `+` `/` accepted too).
public enum Base64URL {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        return table
    }()

    /// Encodes bytes as unpadded base64url.
    public static func encode<Bytes: Collection>(_ bytes: Bytes, padded: Bool = false) -> String
    where Bytes.Element == UInt8 {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var iterator = bytes.makeIterator()
        while let b0 = iterator.next() {
            let b1 = iterator.next()
            let b2 = iterator.next()
            out.append(alphabet[Int(b0 >> 2)])
            out.append(alphabet[Int((b0 & 0x03) << 4 | (b1 ?? 0) >> 4)])
            if let b1 {
                out.append(alphabet[Int((b1 & 0x0f) << 2 | (b2 ?? 0) >> 6)])
            } else if padded {
                out.append(UInt8(ascii: "="))
            }
            if let b2 {
                out.append(alphabet[Int(b2 & 0x3f)])
            } else if padded {
                out.append(UInt8(ascii: "="))
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes base64url or standard base64, with or without `=` padding.
    ///
    /// - Throws: ``EncodingFailure`` `.invalidBase64` for characters outside the alphabet, misplaced padding, or a
    ///   length that cannot come from an encoder (one leftover character, non-zero trailing bits).
    public static func decode(_ string: some StringProtocol) throws(EncodingFailure) -> [UInt8] {
        var utf8 = Array(string.utf8)
        var padding = 0
        while utf8.last == UInt8(ascii: "=") {
            utf8.removeLast()
            padding += 1
        }
        guard padding <= 2, padding == 0 || (utf8.count + padding) % 4 == 0 else {
            throw EncodingFailure(.invalidBase64, "misplaced base64 padding")
        }
        guard utf8.count % 4 != 1 else {
            throw EncodingFailure(.invalidBase64, "base64 length leaves a dangling character")
        }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        for c in utf8 {
            let v = reverse[Int(c)]
            guard v != 0xff else { throw EncodingFailure(.invalidBase64, "character outside the base64 alphabet") }
            accumulator = accumulator << 6 | UInt32(v)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard accumulator == 0 else {
            throw EncodingFailure(.invalidBase64, "non-zero trailing bits in base64")
        }
        return out
    }
}
