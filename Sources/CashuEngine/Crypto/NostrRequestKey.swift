// NUT-18/26 — the Nostr key a wallet receives payment requests' payments under, derived from its BIP-39 seed.

/// The key a wallet's NUT-18 Nostr transports name: `sk = SHA256(seed || utf8("cashu-payment-request"))`, the
/// construction NUT-27 uses for the backup key, with a domain of its own.
///
/// Derived, not random: payments sent while no process listens wait on the relays, and a wallet restored from its
/// phrase can still open them. The private key prints as `<redacted>`.
package struct NostrRequestKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The domain separator.
    static let domainSeparator = Array("cashu-payment-request".utf8)

    /// The private key.
    package let privateKey: Scalar

    /// Derives the key from the 64-byte BIP-39 seed.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` unless the seed is 64 bytes (or, with probability 2^-128,
    ///   when the hash is not a valid key).
    package init(seed: SecureBytes) throws(CryptoError) {
        privateKey = try SeedDomainKey.derive(seed: seed, domain: Self.domainSeparator, what: "payment request key")
    }

    /// The x-only public key as 64 lowercase hex characters.
    package var publicKeyHex: String { Hex.encode(privateKey.publicKey.xOnly) }

    package var description: String { "NostrRequestKey(\(publicKeyHex))" }
    package var debugDescription: String { "NostrRequestKey(public: \(publicKeyHex), private: <redacted>)" }
}
