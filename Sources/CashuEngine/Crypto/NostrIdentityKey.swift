// NIP-06 — the Nostr identity of a BIP-39 seed, at m/44'/1237'/0'/0/0: the key npub.cash addresses are made of
// (CDK and Nutshell derive their npub.cash key the same way, so one phrase gives one address in every wallet).

/// The wallet's NIP-06 Nostr key: the identity of its npub.cash-style Lightning address, which signs the service's
/// NIP-98 requests and the NUT-20 mint requests of the quotes the service locks to it.
///
/// The private key prints as `<redacted>`.
package struct NostrIdentityKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// NIP-06's path, `m/44'/1237'/0'/0/0` (account 0).
    static let path: [(index: UInt32, hardened: Bool)] = [(44, true), (1237, true), (0, true), (0, false), (0, false)]

    /// The private key.
    package let privateKey: Scalar

    /// Derives the key from the 64-byte BIP-39 seed.
    ///
    /// - Throws: ``CryptoError`` `.invalidDerivation` unless the seed is a valid BIP-32 seed.
    package init(seed: SecureBytes) throws(CryptoError) {
        guard seed.count == 64 else {
            throw CryptoError(.invalidDerivation, "the Nostr identity is derived from a 64-byte BIP-39 seed")
        }
        var node = try ExtendedPrivateKey(seed: seed)
        for step in Self.path {
            node = try node.derivingChild(step.hardened ? .hardened(step.index) : .normal(step.index))
        }
        privateKey = node.privateKey
    }

    /// The 32-byte x-only public key (the Nostr `pubkey`).
    package var xOnlyPublicKey: [UInt8] { privateKey.publicKey.xOnly }

    /// The compressed key with even y whose x is the Nostr key: what a quote locked to the identity names (NUT-20
    /// signatures are BIP-340, checked against the x coordinate alone).
    package var lockingPublicKey: Point {
        let point = privateKey.publicKey
        return point.hasEvenY ? point : point.negated()
    }

    package var description: String { "NostrIdentityKey(\(Hex.encode(xOnlyPublicKey)))" }
    package var debugDescription: String {
        "NostrIdentityKey(public: \(Hex.encode(xOnlyPublicKey)), private: <redacted>)"
    }
}
