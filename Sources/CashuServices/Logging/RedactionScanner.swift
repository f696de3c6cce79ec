// Logging: one pass over a text's UTF-8 bytes finding tokens, payment requests, auth tokens, long hex and mnemonics.

/// Finds the secrets in a UTF-8 buffer in one pass; allocates nothing unless it finds one.
///
/// Every span starts and ends on an ASCII byte (or the end of the text), so replacing spans never splits a
/// multi-byte character.
struct RedactionScanner {
    /// Fewest BIP-39 words in a row taken for (part of) a mnemonic.
    let mnemonicMinimumWords: Int

    /// Fewest characters after a token prefix (`cashuB` …) for it to count as a token.
    static let minimumPayload = 16

    /// Fewest hex digits in a run taken for a secret (32 bytes: a secret, a key, a blinding factor).
    static let minimumHexRun = 64

    /// Most non-letter bytes between two words of one mnemonic (", ", "\n12. ").
    static let maximumWordGap = 6

    private let bytes: UnsafeBufferPointer<UInt8>
    private var matches: [RedactionMatch] = []
    private var hexStart = -1
    private var wordStart = -1
    private var chainStart = -1
    private var chainEnd = -1
    private var chainCount = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, mnemonicMinimumWords: Int) {
        self.bytes = bytes
        self.mnemonicMinimumWords = mnemonicMinimumWords
    }

    /// The spans to redact in `bytes`, sorted and not overlapping; empty (and unallocated) when there are none.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, mnemonicMinimumWords: Int) -> [RedactionMatch] {
        var scanner = RedactionScanner(bytes: bytes, mnemonicMinimumWords: mnemonicMinimumWords)
        scanner.run()
        return scanner.sortedMatches()
    }

    private mutating func run() {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if Self.mayStartPrefixed(byte), let match = prefixedMatch(at: index) {
                closeHexRun(at: index)
                closeWord(at: index)
                closeChain()
                matches.append(match)
                index = match.end
                continue
            }
            if Self.isHex(byte) {
                if hexStart < 0 { hexStart = index }
            } else {
                closeHexRun(at: index)
            }
            if Self.isLetter(byte) {
                if wordStart < 0 { wordStart = index }
            } else {
                closeWord(at: index)
            }
            index += 1
        }
        closeHexRun(at: count)
        closeWord(at: count)
        closeChain()
    }

    private func sortedMatches() -> [RedactionMatch] {
        guard matches.count > 1 else { return matches }
        let sorted = matches.sorted { $0.start < $1.start }
        var merged: [RedactionMatch] = []
        merged.reserveCapacity(sorted.count)
        for match in sorted {
            if let last = merged.last, match.start < last.end {
                merged[merged.count - 1].end = max(last.end, match.end)
                if merged[merged.count - 1].kind == .point { merged[merged.count - 1].kind = .hex }
            } else {
                merged.append(match)
            }
        }
        return merged
    }

    // MARK: - Hex runs

    private mutating func closeHexRun(at end: Int) {
        guard hexStart >= 0 else { return }
        let start = hexStart
        hexStart = -1
        let length = end - start
        guard length >= Self.minimumHexRun else { return }
        if length == 66 {
            // 66 digits: "01…" is a NUT-02 v2 keyset id (public); "02…"/"03…" a compressed point (see `point`).
            guard bytes[start] == UInt8(ascii: "0") else {
                matches.append(RedactionMatch(start: start, end: end, kind: .hex))
                return
            }
            switch bytes[start + 1] {
            case UInt8(ascii: "1"): return
            case UInt8(ascii: "2"), UInt8(ascii: "3"):
                matches.append(RedactionMatch(start: start, end: end, kind: .point))
                return
            default: break
            }
        }
        matches.append(RedactionMatch(start: start, end: end, kind: .hex))
    }

    // MARK: - Mnemonics

    private mutating func closeWord(at end: Int) {
        guard wordStart >= 0 else { return }
        let start = wordStart
        wordStart = -1
        guard BIP39WordSet.contains(bytes, from: start, to: end) else {
            closeChain()
            return
        }
        if chainCount > 0, start - chainEnd <= Self.maximumWordGap, isWordGap(from: chainEnd, to: start) {
            chainCount += 1
            chainEnd = end
        } else {
            closeChain()
            chainStart = start
            chainEnd = end
            chainCount = 1
        }
    }

    private mutating func closeChain() {
        if chainCount >= mnemonicMinimumWords {
            matches.append(RedactionMatch(start: chainStart, end: chainEnd, kind: .mnemonic))
        }
        chainCount = 0
    }

    /// Between two words of a phrase: ASCII punctuation, digits and whitespace only.
    private func isWordGap(from start: Int, to end: Int) -> Bool {
        for index in start..<end where bytes[index] >= 0x80 || Self.isLetter(bytes[index]) {
            return false
        }
        return true
    }

    // MARK: - Prefixed tokens

    /// First bytes of the prefixes: c(ashu, raw, req), C(REQB), a(uth), B/b(earer), e(yJ), u/U(r:bytes).
    private static func mayStartPrefixed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "c"), UInt8(ascii: "C"), UInt8(ascii: "a"), UInt8(ascii: "B"), UInt8(ascii: "b"),
            UInt8(ascii: "e"), UInt8(ascii: "u"), UInt8(ascii: "U"):
            return true
        default:
            return false
        }
    }

    private func prefixedMatch(at index: Int) -> RedactionMatch? {
        if hasPrefix("cashuA", at: index) || hasPrefix("cashuB", at: index) {
            return payload(after: index, prefixLength: 6, kind: .token, allowed: Self.isBase64)
        }
        if hasPrefix("creqA", at: index) {
            return payload(after: index, prefixLength: 5, kind: .paymentRequest, allowed: Self.isBase64)
        }
        if hasPrefix("creqb1", at: index, caseInsensitive: true) {
            return payload(after: index, prefixLength: 6, kind: .paymentRequest, allowed: Self.isAlphanumeric)
        }
        if hasPrefix("authA", at: index) {
            return payload(after: index, prefixLength: 5, kind: .authToken, allowed: Self.isBase64)
        }
        if hasPrefix("crawB", at: index) {
            return rawToken(at: index)
        }
        if hasPrefix("bearer", at: index, caseInsensitive: true) {
            return bearerCredential(at: index)
        }
        if hasPrefix("eyJ", at: index) {
            return encodedJSON(at: index)
        }
        if hasPrefix("ur:bytes/", at: index, caseInsensitive: true) {
            // NUT-16 animated QR frames carry a token (or a part of one) in Bytewords.
            return payload(after: index, prefixLength: 9, kind: .token) { byte in
                Self.isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
            }
        }
        return nil
    }

    private func hasPrefix(_ prefix: StaticString, at index: Int, caseInsensitive: Bool = false) -> Bool {
        let length = prefix.utf8CodeUnitCount
        guard index + length <= bytes.count else { return false }
        let start = prefix.utf8Start
        for offset in 0..<length {
            let expected = start[offset]
            let actual = bytes[index + offset]
            if actual == expected { continue }
            guard caseInsensitive, Self.isLetter(expected), actual | 0x20 == expected | 0x20 else { return false }
        }
        return true
    }

    /// `prefix` then at least ``minimumPayload`` allowed bytes: the whole run.
    private func payload(
        after index: Int,
        prefixLength: Int,
        kind: RedactionMatch.Kind,
        allowed: (UInt8) -> Bool
    ) -> RedactionMatch? {
        let end = run(from: index + prefixLength, while: allowed)
        guard end - index - prefixLength >= Self.minimumPayload else { return nil }
        return RedactionMatch(start: index, end: end, kind: kind)
    }

    /// `crawB` followed by binary (CBOR): everything to the end of the line.
    private func rawToken(at index: Int) -> RedactionMatch? {
        let next = index + 5
        guard next < bytes.count, bytes[next] >= 0x80 || bytes[next] < 0x20 && bytes[next] != 0x0a else {
            return nil
        }
        var end = next
        while end < bytes.count, bytes[end] != 0x0a { end += 1 }
        return RedactionMatch(start: index, end: end, kind: .token)
    }

    /// `Bearer <credential>` (RFC 6750 token68): the credential, when it has at least 8 characters.
    private func bearerCredential(at index: Int) -> RedactionMatch? {
        var start = index + 6
        guard start < bytes.count, bytes[start] == UInt8(ascii: " ") else { return nil }
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
        let end = run(from: start) { Self.isBase64($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "~") }
        guard end - start >= 8 else { return nil }
        return RedactionMatch(start: start, end: end, kind: .authToken)
    }

    /// Base64 of a JSON object (`eyJ` is `{"`): a NUT-21 clear auth token (JWT, dots included) or a bare V3
    /// token body. At least ``minimumPayload`` characters after the prefix.
    private func encodedJSON(at index: Int) -> RedactionMatch? {
        let end = run(from: index + 3) { Self.isBase64($0) || $0 == UInt8(ascii: ".") }
        guard end - index - 3 >= Self.minimumPayload else { return nil }
        return RedactionMatch(start: index, end: end, kind: .authToken)
    }

    private func run(from start: Int, while allowed: (UInt8) -> Bool) -> Int {
        var end = start
        while end < bytes.count, allowed(bytes[end]) { end += 1 }
        return end
    }

    // MARK: - Byte classes

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte)
    }

    static func isBase64URL(_ byte: UInt8) -> Bool {
        isAlphanumeric(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }

    /// Standard and URL-safe base64, with padding.
    static func isBase64(_ byte: UInt8) -> Bool {
        isBase64URL(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
    }
}
