// Logging: the BIP-39 English words as packed integers, so the redactor can test a word without allocating.

import CoreCashu

/// Membership test for BIP-39 English words on raw UTF-8 bytes.
///
/// Every English BIP-39 word is 3 to 8 ASCII letters, so a lowercased word packs into one `UInt64` (a byte per letter)
/// and the list becomes a set of integers: a lookup needs no `String`.
enum BIP39WordSet {
    /// The packed words.
    static let packed: Set<UInt64> = Set(BIP39Wordlist.english.compactMap { pack($0.utf8) })

    /// Shortest and longest English BIP-39 word.
    static let lengths = 3...8

    /// Whether `bytes` (ASCII letters, any case) spell a BIP-39 English word.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard lengths.contains(end - start) else { return false }
        var value: UInt64 = 0
        for index in start..<end {
            value = value << 8 | UInt64(bytes[index] | 0x20)
        }
        return packed.contains(value)
    }

    /// The word's letters lowercased into one integer, or `nil` when it does not fit.
    static func pack(_ word: some Collection<UInt8>) -> UInt64? {
        guard lengths.contains(word.count) else { return nil }
        return word.reduce(0) { $0 << 8 | UInt64($1 | 0x20) }
    }
}
