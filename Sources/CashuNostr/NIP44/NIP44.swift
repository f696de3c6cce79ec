// NIP-44 — versioned encrypted payloads, version 2 (secp256k1 ECDH, HKDF, ChaCha20, HMAC-SHA256, base64).

import CashuEngine

/// NIP-44 v2 encryption. (Placeholder API: the implementation lands with its vectors.)
public enum NIP44 {
    /// The conversation key of `privateKey` and `publicKey`: HKDF-extract(salt "nip44-v2", x of `a·B`).
    public static func conversationKey(
        privateKey: Scalar, publicKey: NostrPublicKey
    ) throws(NostrError) -> SecureBytes {
        throw NostrError(.unsupportedVersion, "NIP-44 is not implemented yet")
    }

    /// Encrypts `plaintext` (1 byte to 2^32 - 1 bytes of UTF-8) under `conversationKey` with a random nonce, or
    /// `nonce` (32 bytes; for test vectors only).
    public static func encrypt(
        _ plaintext: String, conversationKey: SecureBytes, nonce: [UInt8]? = nil
    ) throws(NostrError) -> String {
        throw NostrError(.unsupportedVersion, "NIP-44 is not implemented yet")
    }

    /// Decrypts a payload.
    public static func decrypt(_ payload: String, conversationKey: SecureBytes) throws(NostrError) -> String {
        throw NostrError(.unsupportedVersion, "NIP-44 is not implemented yet")
    }

    /// Encrypts from `sender` to `recipient`.
    public static func encrypt(
        _ plaintext: String, from sender: NostrKeyPair, to recipient: NostrPublicKey
    ) throws(NostrError) -> String {
        try encrypt(plaintext, conversationKey: conversationKey(privateKey: sender.privateKey, publicKey: recipient))
    }

    /// Decrypts a payload `sender` sent to `recipient`.
    public static func decrypt(
        _ payload: String, by recipient: NostrKeyPair, from sender: NostrPublicKey
    ) throws(NostrError) -> String {
        try decrypt(payload, conversationKey: conversationKey(privateKey: recipient.privateKey, publicKey: sender))
    }
}
