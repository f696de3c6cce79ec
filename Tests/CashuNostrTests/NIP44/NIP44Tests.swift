// NIP-44 — what the vector files do not cover: fresh nonces, tampering, the size limit, the padding's edges.

import CashuEngine
import Foundation
import Testing

@testable import CashuNostr

@Suite("NIP-44 v2")
struct NIP44Tests {
    @Test("a message between two key pairs round-trips, with a fresh nonce each time")
    func roundTrip() throws {
        let alice = NostrKeyPair.random()
        let bob = NostrKeyPair.random()
        let text = "héllo 🌍 \u{0}\n"
        let first = try NIP44.encrypt(text, from: alice, to: bob.publicKey)
        let second = try NIP44.encrypt(text, from: alice, to: bob.publicKey)
        #expect(first != second)
        #expect(try NIP44.decrypt(first, by: bob, from: alice.publicKey) == text)
        #expect(try NIP44.decrypt(second, by: alice, from: bob.publicKey) == text)
        let eve = NostrKeyPair.random()
        #expect(throws: NostrError.self) { try NIP44.decrypt(first, by: eve, from: alice.publicKey) }
    }

    @Test("a change to any byte of the payload fails the MAC")
    func tampering() throws {
        let key = SecureBytes.random(count: 32)
        let payload = try NIP44.encrypt("attack at dawn", conversationKey: key)
        var bytes = try #require(NostrBase64.decode(payload))
        for index in [1, 40, bytes.count - 1] {
            let original = bytes[index]
            bytes[index] ^= 0x01
            #expect {
                try NIP44.decrypt(NostrBase64.encode(bytes), conversationKey: key)
            } throws: { error in
                (error as? NostrError)?.code == .decryptionFailed
            }
            bytes[index] = original
        }
    }

    @Test("a payload over the limit is refused before its base64 is looked at")
    func sizeLimit() throws {
        let key = SecureBytes.random(count: 32)
        let oversized = String(repeating: "!", count: NIP44.maximumPayloadLength + 1)
        do {
            _ = try NIP44.decrypt(oversized, conversationKey: key)
            Issue.record("an oversized payload decrypted")
        } catch {
            #expect(error.code == .decryptionFailed)
            #expect(error.reason.contains("limit"))
        }
        let payload = try NIP44.encrypt("small", conversationKey: key)
        #expect(throws: NostrError.self) {
            try NIP44.decrypt(payload, conversationKey: key, maximumPayloadLength: payload.utf8.count - 1)
        }
        #expect(try NIP44.decrypt(payload, conversationKey: key, maximumPayloadLength: payload.utf8.count) == "small")
    }

    @Test("errors name no key and no plaintext")
    func redaction() throws {
        let keys = NostrKeyPair.random()
        let secret = "the secret plaintext"
        let key = try NIP44.conversationKey(privateKey: keys.privateKey, publicKey: keys.publicKey)
        #expect(String(describing: key) == "<redacted>")
        var payload = Array(try NIP44.encrypt(secret, conversationKey: key).utf8)
        let index = payload.count - 3
        payload[index] = payload[index] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
        do {
            _ = try NIP44.decrypt(String(decoding: payload, as: UTF8.self), conversationKey: key)
            Issue.record("a tampered payload decrypted")
        } catch {
            let text = String(describing: error)
            #expect(!text.contains(secret))
            #expect(!text.contains(keys.privateKey.exposedSecretHex))
            #expect(!text.contains(Hex.encode(key.exposedSecretBytes)))
        }
    }

    @Test("padding: the prefix switches to 6 bytes at 65536, and a 6-byte prefix below that is refused")
    func padding() throws {
        let short = try NIP44Padding.pad([0x61])
        #expect(short.count == 2 + 32)
        #expect(Array(short[0..<3]) == [0, 1, 0x61])
        #expect(Array(try NIP44Padding.unpad(short)) == [0x61])

        let long = try NIP44Padding.pad([UInt8](repeating: 0x61, count: 65536))
        #expect(Array(long[0..<6]) == [0, 0, 0, 1, 0, 0])
        #expect(try NIP44Padding.unpad(long).count == 65536)

        // An extended prefix for a length a u16 can hold is not what `pad` writes.
        var forged = [UInt8](repeating: 0, count: 6 + 32)
        forged[5] = 1
        #expect(throws: NostrError.self) { try NIP44Padding.unpad(forged) }
        // Zero length, and a length that does not match the padded size.
        #expect(throws: NostrError.self) { try NIP44Padding.unpad([UInt8](repeating: 0, count: 34)) }
        var wrongSize = short
        wrongSize.append(0)
        #expect(throws: NostrError.self) { try NIP44Padding.unpad(wrongSize) }
        #expect(throws: NostrError.self) { try NIP44Padding.pad([]) }
    }

    @Test("base64 is strict: standard alphabet, padding, canonical trailing bits")
    func base64() {
        #expect(NostrBase64.encode(Array("foob".utf8)) == "Zm9vYg==")
        #expect(NostrBase64.encode(Array("fooba".utf8)) == "Zm9vYmE=")
        #expect(NostrBase64.decode("Zm9vYmFy") == Array("foobar".utf8))
        #expect(NostrBase64.decode("Zm9vYg==") == Array("foob".utf8))
        #expect(NostrBase64.decode("Zm9vYg") == nil)
        #expect(NostrBase64.decode("Zm9vYh==") == nil)
        #expect(NostrBase64.decode("Zm9v-_==") == nil)
        #expect(NostrBase64.decode("Zm=vYg==") == nil)
        #expect(NostrBase64.decode("====") == nil)
        #expect(NostrBase64.decode("") == [])
    }
}
