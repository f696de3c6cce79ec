// SecureStore: the passphrase key derivation of the encrypted file store (scrypt or PBKDF2), as recorded in its header.

import CoreCashu
import Crypto
import CryptoExtras

/// How a passphrase becomes the encrypted store's key; written into each file's header, so a file is always opened
/// with the parameters it was written with, and new files can use stronger ones.
package enum KDFParameters: Sendable, Hashable, CustomStringConvertible {
    /// scrypt (RFC 7914) with cost `n` (a power of two), block size `r` and parallelism `p`.
    case scrypt(n: Int, r: Int, p: Int)
    /// PBKDF2-HMAC with `hash` and `rounds` iterations (at least 210,000, swift-crypto's floor).
    case pbkdf2(hash: PBKDF2Hash, rounds: Int)

    /// The hash functions PBKDF2 may use.
    package enum PBKDF2Hash: String, Sendable, Hashable, Codable {
        case sha256 = "sha256"
        case sha512 = "sha512"
    }

    /// The default for new files: scrypt N = 2^17, r = 8, p = 1 (128 MiB, the OWASP recommendation).
    package static let standard = KDFParameters.scrypt(n: 1 << 17, r: 8, p: 1)

    /// The most memory a file's scrypt parameters may ask for (1 GiB): a hostile header must not exhaust memory.
    static let maximumScryptMemory = 1 << 30

    /// The most PBKDF2 rounds a header may ask for.
    static let maximumRounds = 100_000_000

    package var description: String {
        switch self {
        case .scrypt(let n, let r, let p): "scrypt(N=\(n), r=\(r), p=\(p))"
        case .pbkdf2(let hash, let rounds): "pbkdf2-\(hash.rawValue)(\(rounds) rounds)"
        }
    }

    /// Checks the parameters are within the supported ranges.
    ///
    /// scrypt: `n` a power of two from 2^10 to 2^24, `r` 1…32, `p` 1…16, at most 1 GiB of memory. PBKDF2: 210,000 to
    /// 100,000,000 rounds.
    /// - Throws: ``SecureStoreError`` `.invalidInput`.
    package func validate() throws(SecureStoreError) {
        switch self {
        case .scrypt(let n, let r, let p):
            guard (1 << 10...1 << 24).contains(n), n.nonzeroBitCount == 1, (1...32).contains(r), (1...16).contains(p),
                128 * r * n <= Self.maximumScryptMemory
            else {
                throw SecureStoreError(.invalidInput, "scrypt parameters out of range: \(self)")
            }
        case .pbkdf2(_, let rounds):
            guard (210_000...Self.maximumRounds).contains(rounds) else {
                throw SecureStoreError(.invalidInput, "PBKDF2 rounds out of range: \(rounds)")
            }
        }
    }

    /// A 32-byte key from `passphrase` and `salt`. Slow by design: call it off the cooperative pool.
    ///
    /// - Throws: ``SecureStoreError`` `.invalidInput` for parameters out of range or an empty passphrase.
    func deriveKey(passphrase: SecureBytes, salt: [UInt8]) throws(SecureStoreError) -> SymmetricKey {
        try validate()
        guard passphrase.count > 0 else {
            throw SecureStoreError(.invalidInput, "the passphrase is empty")
        }
        do {
            return try passphrase.withUnsafeBytes { password in
                switch self {
                case .scrypt(let n, let r, let p):
                    try KDF.Scrypt.deriveKey(
                        from: password,
                        salt: salt,
                        outputByteCount: 32,
                        rounds: n,
                        blockSize: r,
                        parallelism: p
                    )
                case .pbkdf2(let hash, let rounds):
                    try KDF.Insecure.PBKDF2.deriveKey(
                        from: password,
                        salt: salt,
                        using: hash == .sha256 ? .sha256 : .sha512,
                        outputByteCount: 32,
                        rounds: rounds
                    )
                }
            }
        } catch {
            throw SecureStoreError(.invalidInput, "the key derivation failed (\(self))", underlying: error)
        }
    }
}
