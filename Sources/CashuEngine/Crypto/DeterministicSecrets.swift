// NUT-13 — Deterministic secrets: a wallet seed's secrets and blinding factors per keyset and counter.

import Crypto

/// Derives the secrets and blinding factors of a wallet's outputs from its BIP-39 seed (NUT-13), so that a restore
/// (NUT-09) can regenerate them.
///
/// The method follows the keyset id's version: HMAC-SHA256 for `01` ids, BIP-32
/// `m/129372'/0'/{keyset_id_int}'/{counter}'/{0|1}` for legacy `00` ids. Holds the seed; prints as `<redacted>`.
package struct DeterministicSecrets: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The BIP-39 seed.
    let seed: SecureBytes
    /// `m/129372'/0'`, shared by every v1 keyset.
    let coinTypeNode: ExtendedPrivateKey

    /// NUT-13 §Legacy Derivation: purpose `129372'` (UTF-8 🥜), coin type `0'`.
    static let purpose: UInt32 = 129_372

    /// HMAC domain separator (NUT-13 §HMAC-SHA256 Derivation).
    static let hmacDomain = Array("Cashu_KDF_HMAC_SHA256".utf8)

    /// A deriver for `seed`.
    ///
    /// - Parameter seed: the 64-byte BIP-39 seed (``Mnemonic/seed(passphrase:)``); 16 to 64 bytes are accepted, as
    ///   in BIP-32.
    /// - Throws: ``CryptoError`` `.invalidDerivation` for a seed of another length.
    package init(seed: SecureBytes) throws(CryptoError) {
        self.seed = seed
        let master = try ExtendedPrivateKey(seed: seed)
        coinTypeNode = try master.derivingChild(.hardened(Self.purpose)).derivingChild(.hardened(0))
    }

    /// A deriver for a mnemonic's seed.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` if PBKDF2 fails.
    package init(mnemonic: Mnemonic, passphrase: String = "") throws(CryptoError) {
        try self.init(seed: try mnemonic.seed(passphrase: passphrase))
    }

    /// A deriver for one keyset, with the keyset-level work done once; use it for batches.
    ///
    /// - Throws: ``CryptoError`` `.invalidKeysetID` for an 8-byte v2 short id, which must first be resolved to the
    ///   full id (NUT-02).
    package func deriver(for keysetID: KeysetID) throws(CryptoError) -> KeysetSecretDeriver {
        if keysetID.isShort {
            throw CryptoError(.invalidKeysetID, "a short v2 keyset id must be resolved to the full id first")
        }
        switch keysetID.version {
        case KeysetID.versionV2:
            var keyed = seed.withUnsafeBytes { HMAC<SHA256>(key: SymmetricKey(data: $0)) }
            keyed.update(data: Self.hmacDomain)
            keyed.update(data: keysetID.bytes)
            return KeysetSecretDeriver(keysetID: keysetID, method: .hmacSHA256(keyed))
        case KeysetID.versionV1:
            let index = Self.keysetIDInteger(keysetID)
            let node = try coinTypeNode.derivingChild(.hardened(index))
            return KeysetSecretDeriver(keysetID: keysetID, method: .bip32(keysetNode: node))
        default:
            throw CryptoError(.invalidKeysetID, "keyset id version \(keysetID.version) has no NUT-13 derivation")
        }
    }

    /// The secret and blinding factor for `counter` of `keysetID`.
    ///
    /// - Throws: ``CryptoError`` as ``deriver(for:)`` and ``KeysetSecretDeriver/derive(counter:)``.
    package func derive(keysetID: KeysetID, counter: UInt64) throws(CryptoError) -> DerivedOutputSecret {
        try deriver(for: keysetID).derive(counter: counter)
    }

    /// The outputs for each counter in `counters`, in order.
    ///
    /// - Throws: ``CryptoError`` as ``deriver(for:)`` and ``KeysetSecretDeriver/derive(counter:)``.
    package func derive(keysetID: KeysetID, counters: Range<UInt64>) throws(CryptoError) -> [DerivedOutputSecret] {
        try deriver(for: keysetID).derive(counters: counters)
    }

    /// `int(keyset_id_bytes, big-endian) mod (2^31 − 1)` (NUT-13 §Keyset ID to Integer Mapping), folded bytewise.
    static func keysetIDInteger(_ keysetID: KeysetID) -> UInt32 {
        let modulus: UInt64 = 0x7fff_ffff
        var value: UInt64 = 0
        for byte in keysetID.bytes {
            value = (value << 8 | UInt64(byte)) % modulus
        }
        return UInt32(value)
    }

    package var description: String { "<redacted>" }
    package var debugDescription: String { "DeterministicSecrets(<redacted>)" }
}
