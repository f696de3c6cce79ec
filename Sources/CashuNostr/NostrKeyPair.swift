// NIP-01 — a Nostr identity: a secp256k1 private key and its x-only public key (BIP-340).

import CashuEngine

/// A Nostr key pair. The private key prints as `<redacted>`.
public struct NostrKeyPair: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The private key.
    public let privateKey: Scalar
    /// The x-only public key, the `pubkey` of the events this key signs.
    public let publicKey: NostrPublicKey

    /// The key pair of `privateKey`.
    public init(privateKey: Scalar) {
        self.privateKey = privateKey
        self.publicKey = NostrPublicKey(of: privateKey.publicKey)
    }

    /// The key pair of a 64-character hex private key (as a NIP-47 connection `secret` carries it).
    ///
    /// - Throws: ``NostrError`` `.invalidKey` for anything but a valid private key.
    public init(privateKeyHex: some StringProtocol) throws(NostrError) {
        do {
            self.init(privateKey: try Scalar(hex: String(privateKeyHex)))
        } catch {
            throw NostrError(.invalidKey, "not a valid 32-byte hex private key")
        }
    }

    /// A fresh random key pair.
    public static func random() -> NostrKeyPair { NostrKeyPair(privateKey: .random()) }

    public var description: String { "NostrKeyPair(\(publicKey.hex))" }
    public var debugDescription: String { "NostrKeyPair(public: \(publicKey.hex), private: <redacted>)" }
}
