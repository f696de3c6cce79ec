// NIP-44 — versioned encrypted payloads, version 2 (secp256k1 ECDH, HKDF, ChaCha20, HMAC-SHA256, base64).

import CashuEngine
import Crypto

/// NIP-44 v2 encryption: what NIP-17 direct messages, NIP-59 gift wraps and NIP-47 wallet requests carry.
///
/// The payload MACs its ciphertext but not its sender: decrypt only the content of an event whose signature has been
/// checked (NIP-44 §Decryption). Nothing thrown here carries a key or a plaintext.
package enum NIP44 {
    /// The longest payload ``decrypt(_:conversationKey:)`` accepts, in characters: 1 MiB of base64, about 786 KB of
    /// plaintext. NIP-44 allows 4 GB; it asks implementations to set their own limit and to check it before decoding
    /// base64, so that a hostile event cannot make the decoder allocate several times its size. Pass another limit to
    /// ``decrypt(_:conversationKey:maximumPayloadLength:)``.
    package static let maximumPayloadLength = 1 << 20

    /// The conversation key of `privateKey` and `publicKey`: HKDF-extract(salt "nip44-v2", x of `a·B`), unhashed x.
    /// Symmetric: `conversationKey(a, B) == conversationKey(b, A)`.
    ///
    /// - Parameters:
    ///   - privateKey: One side's private key.
    ///   - publicKey: The other side's public key.
    /// - Returns: The 32-byte key both sides derive.
    /// - Throws: Nothing with valid keys (``Scalar`` and ``NostrPublicKey`` are checked when made); typed for callers
    ///   that pass the error on.
    package static func conversationKey(
        privateKey: Scalar, publicKey: NostrPublicKey
    ) throws(NostrError) -> SecureBytes {
        var sharedX = publicKey.point.multiplied(by: privateKey).xOnly
        defer { sharedX.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        let key = HKDF<SHA256>.extract(inputKeyMaterial: SymmetricKey(data: sharedX), salt: Array("nip44-v2".utf8))
        return key.withUnsafeBytes { SecureBytes($0) }
    }

    /// Encrypts `plaintext` under `conversationKey`.
    ///
    /// - Parameters:
    ///   - plaintext: 1 to 4,294,967,295 bytes of UTF-8. From 65,536 bytes on the payload has 44.md's 6-byte length
    ///     prefix, which implementations predating it refuse (rust-nostr 0.45 does: "message too long").
    ///   - conversationKey: From ``conversationKey(privateKey:publicKey:)``.
    ///   - nonce: 32 bytes, for test vectors only; by default a fresh random nonce, as every message needs.
    /// - Returns: The base64 payload.
    /// - Throws: ``NostrError`` `.invalidPlaintext` for an empty or too long plaintext; `.invalidKey` for a
    ///   conversation key or nonce that is not 32 bytes.
    package static func encrypt(
        _ plaintext: String, conversationKey: SecureBytes, nonce: [UInt8]? = nil
    ) throws(NostrError) -> String {
        let nonce = nonce ?? randomNonce()
        let keys = try NIP44MessageKeys(conversationKey: conversationKey, nonce: nonce)
        let ciphertext = try keys.chacha20(try NIP44Padding.pad(Array(plaintext.utf8)))
        let mac = keys.authenticationCode(nonce: nonce, ciphertext: ciphertext)
        return NIP44Payload(nonce: nonce, ciphertext: ciphertext, mac: Array(mac)).encoded
    }

    /// Decrypts a payload of at most ``maximumPayloadLength`` characters.
    ///
    /// - Parameters:
    ///   - payload: The base64 payload (an event's `content`).
    ///   - conversationKey: From ``conversationKey(privateKey:publicKey:)``.
    /// - Returns: The plaintext.
    /// - Throws: ``NostrError`` as ``decrypt(_:conversationKey:maximumPayloadLength:)``.
    package static func decrypt(_ payload: String, conversationKey: SecureBytes) throws(NostrError) -> String {
        try decrypt(payload, conversationKey: conversationKey, maximumPayloadLength: maximumPayloadLength)
    }

    /// Decrypts a payload of at most `maximumPayloadLength` characters.
    ///
    /// - Parameters:
    ///   - payload: The base64 payload (an event's `content`).
    ///   - conversationKey: From ``conversationKey(privateKey:publicKey:)``.
    ///   - maximumPayloadLength: The longest payload accepted, checked before any decoding.
    /// - Returns: The plaintext.
    /// - Throws: ``NostrError`` `.unsupportedVersion` for a version other than 2 (or a `#`-flagged payload);
    ///   `.decryptionFailed` for a payload too short or too long, not base64, with a MAC that does not match, invalid
    ///   padding or a plaintext that is not UTF-8; `.invalidKey` for a conversation key that is not 32 bytes.
    package static func decrypt(
        _ payload: String, conversationKey: SecureBytes, maximumPayloadLength: Int
    ) throws(NostrError) -> String {
        let parts = try NIP44Payload(decoding: payload, maximumLength: maximumPayloadLength)
        let keys = try NIP44MessageKeys(conversationKey: conversationKey, nonce: parts.nonce)
        // HashedAuthenticationCode's == with bytes is swift-crypto's constant-time comparison (§Decryption step 5).
        guard keys.authenticationCode(nonce: parts.nonce, ciphertext: parts.ciphertext) == parts.mac else {
            throw NostrError(.decryptionFailed, "the NIP-44 MAC does not match")
        }
        let plaintext = try NIP44Padding.unpad(try keys.chacha20(parts.ciphertext))
        guard let text = String(validating: plaintext, as: UTF8.self) else {
            throw NostrError(.decryptionFailed, "the NIP-44 plaintext is not UTF-8")
        }
        return text
    }

    /// Encrypts from `sender` to `recipient`.
    ///
    /// - Parameters:
    ///   - plaintext: 1 to 4,294,967,295 bytes of UTF-8.
    ///   - sender: The sender's keys.
    ///   - recipient: The recipient's public key.
    /// - Returns: The base64 payload.
    /// - Throws: ``NostrError`` as ``encrypt(_:conversationKey:nonce:)``.
    package static func encrypt(
        _ plaintext: String, from sender: NostrKeyPair, to recipient: NostrPublicKey
    ) throws(NostrError) -> String {
        try encrypt(plaintext, conversationKey: conversationKey(privateKey: sender.privateKey, publicKey: recipient))
    }

    /// Decrypts a payload `sender` sent to `recipient`.
    ///
    /// - Parameters:
    ///   - payload: The base64 payload.
    ///   - recipient: The recipient's keys.
    ///   - sender: The sender's public key (the signed event's `pubkey`).
    /// - Returns: The plaintext.
    /// - Throws: ``NostrError`` as ``decrypt(_:conversationKey:maximumPayloadLength:)``.
    package static func decrypt(
        _ payload: String, by recipient: NostrKeyPair, from sender: NostrPublicKey
    ) throws(NostrError) -> String {
        try decrypt(payload, conversationKey: conversationKey(privateKey: recipient.privateKey, publicKey: sender))
    }

    /// 32 bytes from the system's secure generator.
    static func randomNonce() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
