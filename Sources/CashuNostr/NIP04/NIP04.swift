// NIP-04 — encrypted direct messages (legacy): AES-256-CBC under the unhashed ECDH x, `base64(ct)?iv=base64(iv)`.

import CashuEngine
import Crypto
import CryptoExtras
import Foundation

/// NIP-04 encryption, deprecated in favour of NIP-17/NIP-44 but still what older Nostr Wallet Connect clients send.
///
/// The payload has no MAC: only the signature of the event carrying it authenticates it, so decrypt only the content
/// of a verified event. Nothing thrown here carries a key or a plaintext.
package enum NIP04 {
    /// The longest payload ``decrypt(_:by:from:)`` accepts, in characters (1 MiB), checked before any decoding.
    package static let maximumPayloadLength = 1 << 20

    private static let separator = "?iv="

    /// Encrypts `plaintext` from `sender` to `recipient`.
    ///
    /// - Parameters:
    ///   - plaintext: Any UTF-8 text.
    ///   - sender: The sender's keys.
    ///   - recipient: The recipient's public key.
    ///   - iv: 16 bytes, for test fixtures only; by default a fresh random IV, as every message needs.
    /// - Returns: `base64(ciphertext)?iv=base64(iv)`.
    /// - Throws: ``NostrError`` `.invalidKey` for an IV that is not 16 bytes.
    package static func encrypt(
        _ plaintext: String, from sender: NostrKeyPair, to recipient: NostrPublicKey, iv: [UInt8]? = nil
    ) throws(NostrError) -> String {
        let ivBytes = iv ?? randomIV()
        guard ivBytes.count == 16 else { throw NostrError(.invalidKey, "a NIP-04 IV is 16 bytes") }
        do {
            let ciphertext = try AES._CBC.encrypt(
                Array(plaintext.utf8), using: sharedKey(sender.privateKey, recipient),
                iv: AES._CBC.IV(ivBytes: ivBytes))
            return NostrBase64.encode(Array(ciphertext)) + separator + NostrBase64.encode(ivBytes)
        } catch {
            throw NostrError(.invalidKey, "AES-CBC refused its key or IV")
        }
    }

    /// Decrypts a payload `sender` sent to `recipient`, of at most ``maximumPayloadLength`` characters.
    ///
    /// - Parameters:
    ///   - payload: `base64(ciphertext)?iv=base64(iv)` (a kind-4 event's `content`).
    ///   - recipient: The recipient's keys.
    ///   - sender: The sender's public key (the signed event's `pubkey`).
    /// - Returns: The plaintext.
    /// - Throws: ``NostrError`` as ``decrypt(_:by:from:maximumPayloadLength:)``.
    package static func decrypt(
        _ payload: String, by recipient: NostrKeyPair, from sender: NostrPublicKey
    ) throws(NostrError) -> String {
        try decrypt(payload, by: recipient, from: sender, maximumPayloadLength: maximumPayloadLength)
    }

    /// Decrypts a payload `sender` sent to `recipient`.
    ///
    /// - Parameters:
    ///   - payload: `base64(ciphertext)?iv=base64(iv)`.
    ///   - recipient: The recipient's keys.
    ///   - sender: The sender's public key.
    ///   - maximumPayloadLength: The longest payload accepted, checked before any decoding.
    /// - Returns: The plaintext.
    /// - Throws: ``NostrError`` `.decryptionFailed` for a payload too long, not in the NIP-04 form, not base64, with an
    ///   IV that is not 16 bytes, a ciphertext that is not whole blocks, invalid padding (a wrong key, most often) or
    ///   a plaintext that is not UTF-8.
    package static func decrypt(
        _ payload: String, by recipient: NostrKeyPair, from sender: NostrPublicKey, maximumPayloadLength: Int
    ) throws(NostrError) -> String {
        guard payload.utf8.count <= maximumPayloadLength else {
            throw NostrError(
                .decryptionFailed, "the NIP-04 payload is longer than the \(maximumPayloadLength)-character limit")
        }
        guard let range = payload.range(of: separator),
            let ciphertext = NostrBase64.decode(payload[..<range.lowerBound]),
            let iv = NostrBase64.decode(payload[range.upperBound...])
        else {
            throw NostrError(.decryptionFailed, "a NIP-04 payload is base64(ciphertext)?iv=base64(iv)")
        }
        guard iv.count == 16, !ciphertext.isEmpty, ciphertext.count % 16 == 0 else {
            throw NostrError(.decryptionFailed, "a NIP-04 payload has a 16-byte IV and whole 16-byte blocks")
        }
        let plaintext: Data
        do {
            plaintext = try AES._CBC.decrypt(
                ciphertext, using: sharedKey(recipient.privateKey, sender), iv: AES._CBC.IV(ivBytes: iv))
        } catch {
            throw NostrError(.decryptionFailed, "the NIP-04 payload does not decrypt under this key")
        }
        guard let text = String(validating: plaintext, as: UTF8.self) else {
            throw NostrError(.decryptionFailed, "the NIP-04 plaintext is not UTF-8")
        }
        return text
    }

    /// The AES key: the x coordinate of `a·B`, not hashed (NIP-04 §Note).
    static func sharedKey(_ privateKey: Scalar, _ publicKey: NostrPublicKey) -> SymmetricKey {
        var sharedX = publicKey.point.multiplied(by: privateKey).xOnly
        defer { sharedX.withUnsafeMutableBytes { _ = $0.initializeMemory(as: UInt8.self, repeating: 0) } }
        return SymmetricKey(data: sharedX)
    }

    /// 16 bytes from the system's secure generator.
    static func randomIV() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}
