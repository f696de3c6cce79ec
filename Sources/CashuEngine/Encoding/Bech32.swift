// NUT-26 — Payment request bech32m encoding: bech32 (BIP-173) and bech32m (BIP-350) without the 90-character limit.

/// Bech32 and bech32m strings: `hrp` + `1` + data characters + 6-character checksum.
///
/// NUT-26 payment requests (bech32m) and NIP-19 `npub`/`nprofile` keys (bech32) routinely exceed BIP-173's
/// 90-character limit, so it is not enforced; ``maximumLength`` bounds the work hostile input can cause instead.
package enum Bech32 {
    /// Which checksum constant a string uses.
    package enum Variant: Sendable, Hashable {
        /// BIP-173 (constant 1): NIP-19 keys.
        case bech32
        /// BIP-350 (constant 0x2bc830a3): NUT-26 payment requests.
        case bech32m

        var constant: UInt32 {
            switch self {
            case .bech32: return 1
            case .bech32m: return 0x2bc8_30a3
            }
        }
    }

    /// The longest string accepted by default (about 10 KB of payload); larger inputs are rejected before any work.
    package static let maximumLength = 16_384

    /// BIP-173 bounds the human-readable part to 1–83 characters; that rule stays even without the 90-character one.
    static let maximumHRPLength = 83

    private static let charset: [UInt8] = Array("qpzry9x8gf2tvdw0s3jn54khce6mua7l".utf8)

    /// Lowercase characters only: the decoder folds case first.
    private static let reverse: [Int8] = {
        var table = [Int8](repeating: -1, count: 128)
        for (i, c) in charset.enumerated() { table[Int(c)] = Int8(i) }
        return table
    }()

    private static func polymod(_ values: [UInt8]) -> UInt32 {
        let generator: [UInt32] = [0x3b6a_57b2, 0x2650_8e6d, 0x1ea1_19fa, 0x3d42_33dd, 0x2a14_62b3]
        var chk: UInt32 = 1
        for v in values {
            let top = chk >> 25
            chk = (chk & 0x1ff_ffff) << 5 ^ UInt32(v)
            for i in 0..<5 where (top >> UInt32(i)) & 1 == 1 { chk ^= generator[i] }
        }
        return chk
    }

    private static func expand(_ hrp: [UInt8]) -> [UInt8] {
        hrp.map { $0 >> 5 } + [0] + hrp.map { $0 & 31 }
    }

    /// Encodes 5-bit groups under `hrp`, in lowercase.
    ///
    /// - Parameters:
    ///   - hrp: The human-readable part: 1–83 printable ASCII characters (lowercased on output).
    ///   - data: 5-bit values (each below 32).
    ///   - variant: The checksum to append.
    /// - Throws: ``EncodingFailure`` `.invalidBech32` for a bad `hrp` or a value of 32 or more, `.limitExceeded` when
    ///   the result would be longer than ``maximumLength``.
    package static func encode(hrp: String, data: [UInt8], variant: Variant) throws(EncodingFailure) -> String {
        let hrpBytes = Array(hrp.lowercased().utf8)
        guard (1...maximumHRPLength).contains(hrpBytes.count), hrpBytes.allSatisfy({ (33...126).contains($0) }) else {
            throw EncodingFailure(.invalidBech32, "bech32 human-readable part must be 1–83 printable ASCII")
        }
        guard data.allSatisfy({ $0 < 32 }) else { throw EncodingFailure(.invalidBech32, "bech32 data value above 31") }
        guard hrpBytes.count + 7 + data.count <= maximumLength else {
            throw EncodingFailure(.limitExceeded, "bech32 string would exceed \(maximumLength) characters")
        }
        let mod = polymod(expand(hrpBytes) + data + [0, 0, 0, 0, 0, 0]) ^ variant.constant
        var out = hrpBytes
        out.append(UInt8(ascii: "1"))
        for v in data { out.append(charset[Int(v)]) }
        for i in 0..<6 { out.append(charset[Int((mod >> UInt32(5 * (5 - i))) & 31)]) }
        return String(decoding: out, as: UTF8.self)
    }

    /// Encodes bytes (converted to 5-bit groups with zero padding) under `hrp`, in lowercase.
    ///
    /// - Throws: ``EncodingFailure`` as ``encode(hrp:data:variant:)``.
    package static func encode(hrp: String, bytes: [UInt8], variant: Variant) throws(EncodingFailure) -> String {
        try encode(hrp: hrp, data: try convertBits(bytes, from: 8, to: 5, pad: true), variant: variant)
    }

    /// Decodes a bech32 or bech32m string into its lowercase `hrp`, its 5-bit data (checksum removed) and the variant
    /// whose checksum it carries.
    ///
    /// - Parameters:
    ///   - string: All uppercase or all lowercase; mixed case is rejected (BIP-173).
    ///   - limit: The longest string accepted.
    /// - Throws: ``EncodingFailure`` `.limitExceeded` past `limit`, `.mixedCase`, `.bech32Checksum` when neither
    ///   checksum matches, `.invalidBech32` for any other malformation (no separator, empty or long `hrp`, characters
    ///   outside the alphabet, data part shorter than the checksum).
    package static func decode(
        _ string: some StringProtocol,
        limit: Int = maximumLength
    ) throws(EncodingFailure) -> (hrp: String, data: [UInt8], variant: Variant) {
        let utf8 = string.utf8
        guard utf8.count <= limit else {
            throw EncodingFailure(.limitExceeded, "bech32 string longer than \(limit) characters")
        }
        var hasLower = false
        var hasUpper = false
        for c in utf8 {
            guard (33...126).contains(c) else {
                throw EncodingFailure(.invalidBech32, "bech32 string has a character outside printable ASCII")
            }
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) { hasLower = true }
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c) { hasUpper = true }
        }
        guard !(hasLower && hasUpper) else {
            throw EncodingFailure(.mixedCase, "bech32 string mixes upper and lower case")
        }
        let bytes = utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
        guard let separator = bytes.lastIndex(of: UInt8(ascii: "1")) else {
            throw EncodingFailure(.invalidBech32, "bech32 string has no separator")
        }
        guard separator >= 1, separator <= maximumHRPLength else {
            throw EncodingFailure(.invalidBech32, "bech32 human-readable part must be 1–83 characters")
        }
        guard bytes.count - separator - 1 >= 6 else {
            throw EncodingFailure(.invalidBech32, "bech32 data part shorter than its checksum")
        }
        let hrp = Array(bytes[..<separator])
        var data = [UInt8]()
        data.reserveCapacity(bytes.count - separator - 1)
        for c in bytes[(separator + 1)...] {
            let v = c < 128 ? reverse[Int(c)] : -1
            guard v >= 0 else { throw EncodingFailure(.invalidBech32, "character outside the bech32 alphabet") }
            data.append(UInt8(v))
        }
        let variant: Variant
        switch polymod(expand(hrp) + data) {
        case Variant.bech32.constant: variant = .bech32
        case Variant.bech32m.constant: variant = .bech32m
        default: throw EncodingFailure(.bech32Checksum, "bech32 checksum does not match")
        }
        return (String(decoding: hrp, as: UTF8.self), Array(data.dropLast(6)), variant)
    }

    /// Decodes a string that must carry `variant`'s checksum, returning its `hrp` and 8-bit payload.
    ///
    /// - Throws: ``EncodingFailure`` as ``decode(_:limit:)``; `.bech32Checksum` when the string checks under the other
    ///   variant; `.invalidBech32` when the 5-bit data has more than 4 padding bits or non-zero padding.
    package static func decodeBytes(
        _ string: some StringProtocol,
        variant: Variant,
        limit: Int = maximumLength
    ) throws(EncodingFailure) -> (hrp: String, bytes: [UInt8]) {
        let decoded = try decode(string, limit: limit)
        guard decoded.variant == variant else {
            throw EncodingFailure(.bech32Checksum, "string carries a \(decoded.variant) checksum, not \(variant)")
        }
        return (decoded.hrp, try convertBits(decoded.data, from: 5, to: 8, pad: false))
    }

    /// Regroups bits (BIP-173 `convertbits`): 8→5 with `pad`, or 5→8 without, rejecting bad padding.
    ///
    /// - Throws: ``EncodingFailure`` `.invalidBech32` for a value wider than `from` bits, or (without `pad`) a
    ///   leftover of `from` bits or more, or non-zero leftover bits.
    static func convertBits(_ data: [UInt8], from: Int, to: Int, pad: Bool) throws(EncodingFailure) -> [UInt8] {
        var accumulator: UInt32 = 0
        var bits = 0
        let maxValue: UInt32 = (1 << UInt32(to)) - 1
        var out = [UInt8]()
        out.reserveCapacity(data.count * from / to + 1)
        for value in data {
            guard UInt32(value) >> UInt32(from) == 0 else {
                throw EncodingFailure(.invalidBech32, "value wider than \(from) bits")
            }
            accumulator = (accumulator << UInt32(from) | UInt32(value)) & 0xffff
            bits += from
            while bits >= to {
                bits -= to
                out.append(UInt8((accumulator >> UInt32(bits)) & maxValue))
            }
        }
        if pad {
            if bits > 0 { out.append(UInt8((accumulator << UInt32(to - bits)) & maxValue)) }
        } else {
            guard bits < from else { throw EncodingFailure(.invalidBech32, "bech32 data has excess padding") }
            guard (accumulator << UInt32(to - bits)) & maxValue == 0 else {
                throw EncodingFailure(.invalidBech32, "bech32 data has non-zero padding bits")
            }
        }
        return out
    }
}

extension EncodingFailure.Code {
    /// A bech32/bech32m checksum that does not verify (or verifies only under the other variant).
    package static let bech32Checksum = EncodingFailure.Code(rawValue: "bech32Checksum")
    /// A bech32 string mixing upper- and lowercase letters (BIP-173 forbids it).
    package static let mixedCase = EncodingFailure.Code(rawValue: "mixedCase")
}
