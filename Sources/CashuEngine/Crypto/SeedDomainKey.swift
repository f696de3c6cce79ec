// NUT-27 (and NUT-18 over Nostr) — a private key from the BIP-39 seed and a domain: SHA256(seed || domain).

import Crypto

/// NUT-27 §Key Derivation, shared by every key derived the same way under its own domain separator.
enum SeedDomainKey {
    /// `SHA256(seed || utf8(domain))` as a private key.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` unless the seed is 64 bytes, or if the hash is not a valid
    ///   private key (probability about 2^-128); `what` names the key in the message.
    static func derive(seed: SecureBytes, domain: [UInt8], what: String) throws(CryptoError) -> Scalar {
        guard seed.count == 64 else {
            throw CryptoError(.invalidDerivation, "the \(what) is derived from a 64-byte BIP-39 seed")
        }
        var hasher = SHA256()
        seed.withUnsafeBytes { hasher.update(data: $0) }
        hasher.update(data: domain)
        let digest = hasher.finalize().withUnsafeBytes { SecureBytes($0) }
        do {
            return try digest.withUnsafeBytes { (raw) throws(CryptoError) in try Scalar(rawRepresentation: raw) }
        } catch {
            throw CryptoError(.invalidDerivation, "the \(what) hash is not a valid private key")
        }
    }
}
