// NUT-27 — Nostr mint backup: the backup key pair derived from the wallet's BIP-39 seed.

/// The Nostr key pair under which a wallet backs up its mint list (NUT-27):
/// `sk = SHA256(seed || utf8("cashu-mint-backup"))`, public key `sk·G` used x-only.
///
/// The private key prints as `<redacted>`. (The NIP-44 encryption of the backup is not part of this type.)
package struct MintBackupKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// NUT-27 §Key Derivation domain separator.
    static let domainSeparator = Array("cashu-mint-backup".utf8)

    /// The backup private key.
    package let privateKey: Scalar

    /// Derives the backup key from the 64-byte BIP-39 seed.
    ///
    /// - Parameter seed: the seed from ``Mnemonic/seed(passphrase:)`` (not the entropy).
    /// - Throws: ``CryptoError`` `.invalidDerivation` unless the seed is 64 bytes, or if the hash is not a valid
    ///   private key (probability about 2^-128).
    package init(seed: SecureBytes) throws(CryptoError) {
        privateKey = try SeedDomainKey.derive(seed: seed, domain: Self.domainSeparator, what: "NUT-27 backup key")
    }

    /// Derives the backup key from a mnemonic.
    ///
    /// - Throws: ``CryptoError`` as ``init(seed:)`` and ``Mnemonic/seed(passphrase:)``.
    package init(mnemonic: Mnemonic, passphrase: String = "") throws(CryptoError) {
        try self.init(seed: try mnemonic.seed(passphrase: passphrase))
    }

    /// The full public key `sk·G`.
    package var publicKey: Point { privateKey.publicKey }

    /// The 32-byte x-only public key, the Nostr event `pubkey`.
    package var xOnlyPublicKey: [UInt8] { publicKey.xOnly }

    /// The x-only public key as 64 lowercase hex characters.
    package var publicKeyHex: String { Hex.encode(xOnlyPublicKey) }

    package var description: String { "MintBackupKey(\(publicKeyHex))" }
    package var debugDescription: String { "MintBackupKey(public: \(publicKeyHex), private: <redacted>)" }
}
