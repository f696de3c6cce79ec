// NIP-44 — Vectors/nip44.vectors.json: one parameterised test over every case of every group.

import CashuEngine
import Crypto
import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-44 v2 vectors")
struct NIP44VectorTests {
    @Test("the vector file holds every group: 35 + 32 + 24 + 10 + 3 valid, 4 + 8 + 12 invalid")
    func groups() {
        #expect(NIP44Vector.all.count == 128)
    }

    @Test("Vectors/nip44.vectors.json", arguments: NIP44Vector.all)
    func vector(_ vector: NIP44Vector) throws {
        switch vector {
        case .conversationKey(_, let sec1, let pub2, let expected):
            let key = try NIP44.conversationKey(
                privateKey: try Scalar(hex: sec1), publicKey: try NostrPublicKey(hex: pub2))
            #expect(Hex.encode(key.exposedSecretBytes) == expected)
        case .messageKeys(_, let conversationKey, let expected):
            let keys = try NIP44MessageKeys(
                conversationKey: SecureBytes(VectorBytes.hex(conversationKey)), nonce: VectorBytes.hex(expected.nonce))
            #expect(keys.chachaKey.withUnsafeBytes { Hex.encode($0) } == expected.chachaKey)
            #expect(Hex.encode(keys.chachaNonce) == expected.chachaNonce)
            #expect(keys.hmacKey.withUnsafeBytes { Hex.encode($0) } == expected.hmacKey)
        case .paddedLength(let unpadded, let padded):
            #expect(NIP44Padding.paddedLength(unpadded) == padded)
        case .encryptDecrypt(_, let c):
            try checkEncryptDecrypt(c)
        case .longMessage(_, let c):
            try checkLongMessage(c)
        case .invalidMessageLength(let length):
            try checkMessageLength(length)
        case .invalidConversationKey(_, let sec1, let pub2, _):
            // The typed keys refuse what NIP-44 says must fail: a scalar outside [1, n-1], an x with no point.
            let scalar = try? Scalar(hex: sec1)
            let point = try? NostrPublicKey(hex: pub2)
            if let scalar, let point {
                #expect(throws: NostrError.self) { try NIP44.conversationKey(privateKey: scalar, publicKey: point) }
            }
        case .invalidDecrypt(_, let conversationKey, let payload, let note):
            let code: NostrError.Code =
                note.hasPrefix("unknown encryption version") ? .unsupportedVersion : .decryptionFailed
            #expect {
                try NIP44.decrypt(payload, conversationKey: SecureBytes(VectorBytes.hex(conversationKey)))
            } throws: { error in
                (error as? NostrError)?.code == code
            }
        }
    }

    /// NIP-44 §Tests: pub2 from sec2, the key from (sec1, pub2), encrypt; then the key from (sec2, pub1), decrypt.
    private func checkEncryptDecrypt(_ c: NIP44Vector.File.EncryptDecrypt) throws {
        let sender = try NostrKeyPair(privateKeyHex: c.sec1)
        let recipient = try NostrKeyPair(privateKeyHex: c.sec2)
        let forward = try NIP44.conversationKey(privateKey: sender.privateKey, publicKey: recipient.publicKey)
        #expect(Hex.encode(forward.exposedSecretBytes) == c.conversationKey)
        let payload = try NIP44.encrypt(c.plaintext, conversationKey: forward, nonce: VectorBytes.hex(c.nonce))
        #expect(payload == c.payload)
        let backward = try NIP44.conversationKey(privateKey: recipient.privateKey, publicKey: sender.publicKey)
        #expect(backward == forward)
        #expect(try NIP44.decrypt(c.payload, conversationKey: backward) == c.plaintext)
        #expect(try NIP44.decrypt(c.payload, by: recipient, from: sender.publicKey) == c.plaintext)
    }

    private func checkLongMessage(_ c: NIP44Vector.File.LongMessage) throws {
        let plaintext = String(repeating: c.pattern, count: c.repeat)
        #expect(VectorBytes.sha256(Array(plaintext.utf8)) == c.plaintextSHA256)
        let key = SecureBytes(VectorBytes.hex(c.conversationKey))
        let payload = try NIP44.encrypt(plaintext, conversationKey: key, nonce: VectorBytes.hex(c.nonce))
        #expect(VectorBytes.sha256(Array(payload.utf8)) == c.payloadSHA256)
        #expect(try NIP44.decrypt(payload, conversationKey: key) == plaintext)
    }

    /// The file predates the extended prefix: of its four "invalid" lengths only 0 still is. 44.md now encrypts
    /// 65536 bytes and more with a 6-byte prefix, so those must round-trip (past the decrypt limit, only with a
    /// raised limit).
    private func checkMessageLength(_ length: Int) throws {
        let key = SecureBytes.random(count: 32)
        let plaintext = String(repeating: "a", count: length)
        guard length > 0 else {
            #expect {
                try NIP44.encrypt(plaintext, conversationKey: key)
            } throws: { error in
                (error as? NostrError)?.code == .invalidPlaintext
            }
            return
        }
        let payload = try NIP44.encrypt(plaintext, conversationKey: key)
        let decodedLength = 1 + 32 + 6 + NIP44Padding.paddedLength(length) + 32
        #expect(payload.utf8.count == (decodedLength + 2) / 3 * 4)
        if payload.utf8.count <= NIP44.maximumPayloadLength {
            #expect(try NIP44.decrypt(payload, conversationKey: key) == plaintext)
        } else {
            #expect {
                try NIP44.decrypt(payload, conversationKey: key)
            } throws: { error in
                (error as? NostrError)?.code == .decryptionFailed
            }
            let opened = try NIP44.decrypt(payload, conversationKey: key, maximumPayloadLength: payload.utf8.count)
            #expect(opened == plaintext)
        }
    }
}
