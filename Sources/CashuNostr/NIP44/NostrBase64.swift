// NIP-44 and NIP-04 — base64 (RFC 4648 §4, standard alphabet, with padding) as both payload formats write it.

/// Strict standard base64: encoding pads with `=`; decoding accepts only the standard alphabet, a length that is a
/// multiple of four, padding only at the end, and zero trailing bits, so every payload has one spelling.
enum NostrBase64 {
    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let reverse: [UInt8] = {
        var table = [UInt8](repeating: 0xff, count: 256)
        for (index, character) in alphabet.enumerated() { table[Int(character)] = UInt8(index) }
        return table
    }()

    /// Encodes `bytes` with padding.
    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let word = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out.append(alphabet[Int(word >> 18)])
            out.append(alphabet[Int(word >> 12 & 0x3f)])
            out.append(alphabet[Int(word >> 6 & 0x3f)])
            out.append(alphabet[Int(word & 0x3f)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let word = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out.append(alphabet[Int(word >> 18)])
            out.append(alphabet[Int(word >> 12 & 0x3f)])
            out.append(rest == 2 ? alphabet[Int(word >> 6 & 0x3f)] : UInt8(ascii: "="))
            out.append(UInt8(ascii: "="))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes padded standard base64, or returns `nil` for anything else.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var padding = 0
        while padding < 2, padding < input.count, input[input.count - 1 - padding] == UInt8(ascii: "=") {
            padding += 1
        }
        let body = input.count - padding
        var out = [UInt8]()
        out.reserveCapacity(input.count / 4 * 3)
        var word: UInt32 = 0
        var bits = 0
        for index in 0..<body {
            let value = reverse[Int(input[index])]
            guard value != 0xff else { return nil }
            word = (word << 6 | UInt32(value)) & 0xffff
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: word >> UInt32(bits)))
            }
        }
        // 2 or 4 leftover bits after the last full byte, which an encoder always writes as zeros.
        guard word & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return out
    }
}
