// NIP-44 — version 2 message keys: HKDF-expand(conversation key, nonce, 76) split into ChaCha20 key, nonce, HMAC key.

import CashuEngine
import Crypto
import CryptoExtras
import Foundation

/// The per-message keys of NIP-44 v2 (§Encryption step 3, `get_message_keys`).
struct NIP44MessageKeys {
    /// The ChaCha20 key, 32 bytes.
    let chachaKey: SymmetricKey
    /// The ChaCha20 nonce, 12 bytes.
    let chachaNonce: [UInt8]
    /// The HMAC-SHA256 key, 32 bytes.
    let hmacKey: SymmetricKey

    /// The keys for one message.
    ///
    /// - Throws: ``NostrError`` `.invalidKey` unless `conversationKey` and `nonce` are 32 bytes each.
    init(conversationKey: SecureBytes, nonce: [UInt8]) throws(NostrError) {
        guard conversationKey.count == 32 else {
            throw NostrError(.invalidKey, "a NIP-44 conversation key is 32 bytes")
        }
        guard nonce.count == 32 else {
            throw NostrError(.invalidKey, "a NIP-44 nonce is 32 bytes")
        }
        let keys = conversationKey.withUnsafeBytes { prk in
            HKDF<SHA256>.expand(pseudoRandomKey: prk, info: nonce, outputByteCount: 76)
        }
        (chachaKey, chachaNonce, hmacKey) = keys.withUnsafeBytes { raw in
            (SymmetricKey(data: raw[0..<32]), Array(raw[32..<44]), SymmetricKey(data: raw[44..<76]))
        }
    }

    /// HMAC-SHA256 over `nonce || ciphertext` (the nonce is the "AAD" of §Encryption step 6).
    func authenticationCode(nonce: [UInt8], ciphertext: some DataProtocol) -> HashedAuthenticationCode<SHA256> {
        var hmac = HMAC<SHA256>(key: hmacKey)
        hmac.update(data: nonce)
        hmac.update(data: ciphertext)
        return hmac.finalize()
    }
}

extension NIP44MessageKeys {
    /// ChaCha20 (RFC 8439, counter 0) of `data` under these keys: encryption and decryption are the same operation.
    ///
    /// - Throws: ``NostrError`` `.invalidKey` if the cipher refuses its key or nonce (not with keys made here).
    func chacha20(_ data: some DataProtocol) throws(NostrError) -> [UInt8] {
        do {
            let nonce = try Insecure.ChaCha20CTR.Nonce(data: chachaNonce)
            return Array(try Insecure.ChaCha20CTR.encrypt(data, using: chachaKey, nonce: nonce))
        } catch {
            throw NostrError(.invalidKey, "ChaCha20 refused its key or nonce")
        }
    }
}
