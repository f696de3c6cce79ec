// NIP-47 — Nostr Wallet Connect: the content encryption the service uses, by scheme (NIP-44 v2 or NIP-04).

/// Encrypts and decrypts NIP-47 content under one of the ``NWCEncryption`` schemes.
///
/// ``NWCStandardCipher`` is the real one; tests may inject another.
package protocol NWCCipher: Sendable {
    /// The schemes this cipher can use, most preferred first (the info event lists them in this order).
    var schemes: [NWCEncryption] { get }

    /// Encrypts `plaintext` from `sender` to `recipient`.
    ///
    /// - Throws: ``NostrError`` when the scheme is not available or the plaintext cannot be encrypted.
    func encrypt(
        _ plaintext: String, with scheme: NWCEncryption, from sender: NostrKeyPair, to recipient: NostrPublicKey
    ) throws(NostrError) -> String

    /// Decrypts a payload `sender` sent to `recipient`.
    ///
    /// - Throws: ``NostrError`` `.decryptionFailed` (or another code) when it does not decrypt.
    func decrypt(
        _ payload: String, with scheme: NWCEncryption, by recipient: NostrKeyPair, from sender: NostrPublicKey
    ) throws(NostrError) -> String
}
