// BIP-39 — Mnemonic code: a wallet's seed phrase (generate, parse with checksum, derive the 64-byte seed).

import Crypto
import CryptoExtras

/// A BIP-39 English mnemonic: the seed phrase from which NUT-13 secrets and the NUT-27 backup key are derived.
///
/// Only the entropy is held, in zeroing storage; the words are produced on request through ``exposedPhrase`` /
/// ``exposedWords``. A mnemonic prints as `<redacted>`.
public struct Mnemonic: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The lengths BIP-39 allows.
    package enum WordCount: Int, Sendable, CaseIterable {
        case twelve = 12
        case fifteen = 15
        case eighteen = 18
        case twentyOne = 21
        case twentyFour = 24

        /// Bytes of entropy behind this many words (`ENT = words · 11 · 32 / 33` bits).
        package var entropyByteCount: Int { rawValue * 4 / 3 }
    }

    /// Upper bound on a phrase's UTF-8 length; 24 words need at most 215 bytes, the rest is room for odd spacing.
    static let maxPhraseBytes = 4096

    /// The entropy (16, 20, 24, 28 or 32 bytes).
    package let entropy: SecureBytes

    /// A new mnemonic from the system's secure random generator.
    ///
    /// - Parameter wordCount: how many words; 12 (128 bits) unless asked otherwise.
    package init(wordCount: WordCount = .twelve) {
        entropy = SecureBytes.random(count: wordCount.entropyByteCount)
    }

    /// The mnemonic encoding the given entropy.
    ///
    /// - Parameter entropy: 16, 20, 24, 28 or 32 bytes.
    /// - Throws: `CryptoError` `.invalidMnemonic` for any other length.
    package init<Bytes: Collection>(entropy: Bytes) throws(CryptoError) where Bytes.Element == UInt8 {
        guard WordCount.allCases.contains(where: { $0.entropyByteCount == entropy.count }) else {
            throw CryptoError(.invalidMnemonic, "entropy must be 16, 20, 24, 28 or 32 bytes, got \(entropy.count)")
        }
        self.entropy = SecureBytes(entropy)
    }

    /// Parses and validates a phrase: word count, every word in the English list, and the checksum.
    ///
    /// The phrase is NFKD-normalised (BIP-39), lowercased, and split on any whitespace, so extra spaces, newlines
    /// and capitals are accepted.
    /// - Parameter phrase: the words.
    /// - Throws: `CryptoError` `.invalidMnemonic`, with a reason naming the failure: too long, wrong word count,
    ///   unknown word (by position, never the word), or checksum mismatch.
    public init(phrase: String) throws {
        guard phrase.utf8.count <= Self.maxPhraseBytes else {
            throw CryptoError(.invalidMnemonic, "mnemonic is longer than \(Self.maxPhraseBytes) bytes")
        }
        let normalized = Self.nfkd(phrase).lowercased()
        let words = normalized.split(whereSeparator: { $0.isWhitespace })
        guard let count = WordCount(rawValue: words.count) else {
            throw CryptoError(.invalidMnemonic, "a mnemonic has 12, 15, 18, 21 or 24 words, got \(words.count)")
        }
        var indices = [Int]()
        indices.reserveCapacity(words.count)
        for (position, word) in words.enumerated() {
            guard let index = BIP39Wordlist.index(of: word) else {
                throw CryptoError(.invalidMnemonic, "word \(position + 1) is not in the BIP-39 English wordlist")
            }
            indices.append(index)
        }
        let (entropy, checksum) = Self.unpack(indices, entropyBytes: count.entropyByteCount)
        guard checksum == Self.checksum(of: entropy, bits: words.count / 3) else {
            throw CryptoError(.invalidMnemonic, "mnemonic checksum does not match")
        }
        self.entropy = entropy
    }

    /// The number of words.
    package var wordCount: Int { entropy.count * 3 / 4 }

    /// The words, in order. Not zeroed on release: keep the copy's lifetime short.
    public var exposedWords: [String] {
        wordIndices.map { BIP39Wordlist.english[$0] }
    }

    /// The phrase, words joined by single spaces. Not zeroed on release: keep the copy's lifetime short.
    public var exposedPhrase: String {
        exposedWords.joined(separator: " ")
    }

    /// The 64-byte BIP-39 seed: `PBKDF2-HMAC-SHA512(NFKD(phrase), "mnemonic" + NFKD(passphrase), 2048)`.
    ///
    /// - Parameter passphrase: the optional BIP-39 passphrase ("25th word"); empty in the NUT vectors.
    /// - Returns: the seed in zeroing storage.
    /// - Throws: `CryptoError` `.invalidDerivation` if PBKDF2 fails.
    package func seed(passphrase: String = "") throws(CryptoError) -> SecureBytes {
        // Words from the English list are ASCII, so the canonical phrase is already NFKD.
        let password = phraseBytes()
        let saltText = Self.nfkd(passphrase)
        let salt = SecureBytes(count: 8 + saltText.utf8.count)
        salt.storage.pointer.copyBytes(from: "mnemonic".utf8)
        UnsafeMutableRawBufferPointer(rebasing: salt.storage.pointer[8..<salt.count]).copyBytes(from: saltText.utf8)
        do {
            let key = try password.withUnsafeBytes { pw in
                try salt.withUnsafeBytes { s in
                    try KDF.Insecure.PBKDF2.deriveKey(
                        from: pw, salt: s, using: .sha512, outputByteCount: 64, unsafeUncheckedRounds: 2048)
                }
            }
            return key.withUnsafeBytes { SecureBytes($0) }
        } catch {
            throw CryptoError(.invalidDerivation, "PBKDF2 failed while deriving the BIP-39 seed")
        }
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "Mnemonic(<redacted \(wordCount) words>)" }

    // MARK: - Bits

    /// The 11-bit word indices: entropy followed by its checksum bits.
    var wordIndices: [Int] {
        let checksumByte = entropy.withUnsafeBytes { SHA256.hash(data: $0) }.withUnsafeBytes { $0[0] }
        let byteCount = entropy.count
        return entropy.withUnsafeBytes { raw in
            (0..<wordCount).map { word in
                var value = 0
                for bit in (word * 11)..<(word * 11 + 11) {
                    let byte = bit / 8 < byteCount ? raw[bit / 8] : checksumByte
                    value = value << 1 | Int(byte >> (7 - UInt8(bit % 8)) & 1)
                }
                return value
            }
        }
    }

    /// Splits word indices back into entropy bytes and the trailing checksum bits (as an integer).
    static func unpack(_ indices: [Int], entropyBytes: Int) -> (SecureBytes, Int) {
        let entropy = SecureBytes(count: entropyBytes)
        let entropyBits = entropyBytes * 8
        var checksum = 0
        for bit in 0..<(indices.count * 11) {
            let value = indices[bit / 11] >> (10 - bit % 11) & 1
            if bit < entropyBits {
                entropy.storage.pointer[bit / 8] |= UInt8(value) << (7 - UInt8(bit % 8))
            } else {
                checksum = checksum << 1 | value
            }
        }
        return (entropy, checksum)
    }

    /// The first `bits` bits of SHA-256(entropy), as an integer (BIP-39: `CS = ENT / 32`).
    static func checksum(of entropy: SecureBytes, bits: Int) -> Int {
        let digest = entropy.withUnsafeBytes { SHA256.hash(data: $0) }
        let first = digest.withUnsafeBytes { $0[0] }
        return Int(first >> (8 - UInt8(bits)))
    }

    /// The canonical phrase's UTF-8 bytes in zeroing storage.
    private func phraseBytes() -> SecureBytes {
        let indices = wordIndices
        let length = indices.reduce(indices.count - 1) { $0 + BIP39Wordlist.english[$1].utf8.count }
        let out = SecureBytes(count: length)
        var offset = 0
        for (n, index) in indices.enumerated() {
            if n > 0 {
                out.storage.pointer[offset] = UInt8(ascii: " ")
                offset += 1
            }
            for byte in BIP39Wordlist.english[index].utf8 {
                out.storage.pointer[offset] = byte
                offset += 1
            }
        }
        return out
    }
}
