// CoreCashu — base64url (RFC 4648 §5) as tokens, payment requests and auth headers use it (NUT-00, NUT-18, NUT-22).

/// base64url encoding (no padding) and lenient decoding (padding optional; standard `+` `/` accepted too).
package enum Base64URL {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (i, c) in alphabet.enumerated() { table[Int(c)] = UInt8(i) }
        table[Int(UInt8(ascii: "+"))] = 62
        table[Int(UInt8(ascii: "/"))] = 63
        return table
    }()

    /// Encodes bytes as unpadded base64url.
    package static func encode<Bytes: Collection>(_ bytes: Bytes, padded: Bool = false) -> String
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
    package static func decode(_ string: some StringProtocol) throws(EncodingFailure) -> [UInt8] {
        var text = String(string)
        let decoded = text.withUTF8 { decode(utf8: $0) }
        guard let bytes = decoded.bytes else { throw EncodingFailure(.invalidBase64, decoded.error) }
        return bytes
    }

    /// Decodes UTF-8 base64 text in one pass into a buffer sized up front (tokens reach hundreds of kilobytes).
    private static func decode(utf8 input: UnsafeBufferPointer<UInt8>) -> (bytes: [UInt8]?, error: String) {
        var n = input.count
        var padding = 0
        while n > 0, input[n - 1] == UInt8(ascii: "=") {
            n -= 1
            padding += 1
        }
        guard padding <= 2, padding == 0 || (n + padding) % 4 == 0 else {
            return (nil, "misplaced base64 padding")
        }
        let tail = n % 4
        guard tail != 1 else { return (nil, "base64 length leaves a dangling character") }
        let outCount = n / 4 * 3 + (tail == 0 ? 0 : tail - 1)
        var out = [UInt8](repeating: 0, count: outCount)
        // Invalid characters map to 0xff; OR-ing every looked-up value lets one check at the end catch them all.
        var seen: UInt8 = 0
        var trailing: UInt8 = 0
        reverse.withUnsafeBufferPointer { table in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                var o = 0
                while i + 4 <= n {
                    let a = table[Int(input[i])], b = table[Int(input[i + 1])]
                    let c = table[Int(input[i + 2])], d = table[Int(input[i + 3])]
                    seen |= a | b | c | d
                    dst[o] = a << 2 | b >> 4
                    dst[o + 1] = b << 4 | c >> 2
                    dst[o + 2] = c << 6 | d
                    i += 4
                    o += 3
                }
                if tail >= 2 {
                    let a = table[Int(input[i])], b = table[Int(input[i + 1])]
                    seen |= a | b
                    dst[o] = a << 2 | b >> 4
                    if tail == 3 {
                        let c = table[Int(input[i + 2])]
                        seen |= c
                        dst[o + 1] = b << 4 | c >> 2
                        trailing = c & 0x03
                    } else {
                        trailing = b & 0x0f
                    }
                }
            }
        }
        guard seen & 0x80 == 0 else { return (nil, "character outside the base64 alphabet") }
        guard trailing == 0 else { return (nil, "non-zero trailing bits in base64") }
        return (out, "")
    }
}
