// NIP-01 — a Nostr identity: a secp256k1 private key and its x-only public key (BIP-340).

import CashuEngine

/// A Nostr key pair. The private key prints as `<redacted>`.
package struct NostrKeyPair: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The private key.
    package let privateKey: Scalar
    /// The x-only public key, the `pubkey` of the events this key signs.
    package let publicKey: NostrPublicKey

    /// The key pair of `privateKey`.
    package init(privateKey: Scalar) {
        self.privateKey = privateKey
        self.publicKey = NostrPublicKey(of: privateKey.publicKey)
    }

    /// The key pair of a 64-character hex private key (as a NIP-47 connection `secret` carries it).
    ///
    /// - Throws: ``NostrError`` `.invalidKey` for anything but a valid private key.
    package init(privateKeyHex: some StringProtocol) throws(NostrError) {
        do {
            self.init(privateKey: try Scalar(hex: String(privateKeyHex)))
        } catch {
            throw NostrError(.invalidKey, "not a valid 32-byte hex private key")
        }
    }

    /// A fresh random key pair.
    package static func random() -> NostrKeyPair { NostrKeyPair(privateKey: .random()) }

    package var description: String { "NostrKeyPair(\(publicKey.hex))" }
    package var debugDescription: String { "NostrKeyPair(public: \(publicKey.hex), private: <redacted>)" }
}
