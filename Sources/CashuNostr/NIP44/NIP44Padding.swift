// NIP-44 — version 2 padding: a big-endian length prefix (2 bytes, or 6 from 65536 bytes on), the plaintext, zeros.

/// The padding scheme of NIP-44 v2 (§Encryption step 4, `pad`/`unpad` in the pseudocode).
enum NIP44Padding {
    /// The shortest plaintext, in bytes.
    static let minimumPlaintextLength = 1
    /// The longest plaintext, in bytes (2^32 - 1).
    static let maximumPlaintextLength = Int(UInt32.max)
    /// From this length on, the prefix is two zero bytes and a u32 instead of a u16.
    static let extendedPrefixThreshold = 65536

    /// `calc_padded_len`: the length the plaintext is padded to (prefix excluded). 64-bit arithmetic throughout,
    /// since the result reaches 2^32.
    static func paddedLength(_ unpaddedLength: Int) -> Int {
        guard unpaddedLength > 32 else { return 32 }
        let highestBit = Int.bitWidth - 1 - (unpaddedLength - 1).leadingZeroBitCount
        let nextPower = 1 << (highestBit + 1)
        let chunk = nextPower <= 256 ? 32 : nextPower / 8
        return chunk * ((unpaddedLength - 1) / chunk + 1)
    }

    /// The prefix length for a plaintext of `unpaddedLength` bytes.
    static func prefixLength(_ unpaddedLength: Int) -> Int {
        unpaddedLength >= extendedPrefixThreshold ? 6 : 2
    }

    /// Prefix, plaintext and zero padding.
    ///
    /// - Throws: ``NostrError`` `.invalidPlaintext` for an empty plaintext or one of 2^32 bytes or more.
    static func pad(_ plaintext: [UInt8]) throws(NostrError) -> [UInt8] {
        let length = plaintext.count
        guard (minimumPlaintextLength...maximumPlaintextLength).contains(length) else {
            throw NostrError(.invalidPlaintext, "a NIP-44 plaintext is 1 to 4294967295 bytes, got \(length)")
        }
        let prefix = prefixLength(length)
        var out = [UInt8](repeating: 0, count: prefix + paddedLength(length))
        if prefix == 6 {
            for index in 0..<4 { out[2 + index] = UInt8(truncatingIfNeeded: length >> (8 * (3 - index))) }
        } else {
            out[0] = UInt8(truncatingIfNeeded: length >> 8)
            out[1] = UInt8(truncatingIfNeeded: length)
        }
        out.replaceSubrange(prefix..<prefix + length, with: plaintext)
        return out
    }

    /// The plaintext inside padded bytes, checking the prefix and that the padding has the length `pad` gives.
    ///
    /// - Throws: ``NostrError`` `.decryptionFailed` for a malformed prefix or padding.
    static func unpad(_ padded: [UInt8]) throws(NostrError) -> ArraySlice<UInt8> {
        guard padded.count >= 2 else { throw invalidPadding }
        var length = Int(padded[0]) << 8 | Int(padded[1])
        var prefix = 2
        if length == 0 {
            guard padded.count >= 6 else { throw invalidPadding }
            length = padded[2..<6].reduce(0) { $0 << 8 | Int($1) }
            guard length >= extendedPrefixThreshold else { throw invalidPadding }
            prefix = 6
        }
        guard padded.count == prefix + paddedLength(length) else { throw invalidPadding }
        // The padding's zeros are not checked: NIP-44 checks only the lengths (and the MAC covers every byte).
        return padded[prefix..<prefix + length]
    }

    private static var invalidPadding: NostrError {
        NostrError(.decryptionFailed, "the NIP-44 padding is invalid")
    }
}
