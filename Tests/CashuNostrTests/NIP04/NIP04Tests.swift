// NIP-04 — legacy encrypted direct messages: round trip, the payload's form, what is refused.

import CashuEngine
import Testing

@testable import CashuNostr

@Suite("NIP-04")
struct NIP04Tests {
    @Test(
        "a message round-trips both ways, with a fresh IV each time",
        arguments: ["", "hi", "héllo 🌍 \n 16 bytes long!!"])
    func roundTrip(_ text: String) throws {
        let alice = NostrKeyPair.random()
        let bob = NostrKeyPair.random()
        let payload = try NIP04.encrypt(text, from: alice, to: bob.publicKey)
        #expect(try NIP04.decrypt(payload, by: bob, from: alice.publicKey) == text)
        #expect(try NIP04.decrypt(payload, by: alice, from: bob.publicKey) == text)
        #expect(try NIP04.encrypt(text, from: alice, to: bob.publicKey) != payload)
        let parts = payload.split(separator: "?iv=", omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        #expect(NostrBase64.decode(parts[1])?.count == 16)
        #expect((NostrBase64.decode(parts[0])?.count ?? 0) == (Array(text.utf8).count / 16 + 1) * 16)
    }

    @Test("a fixed IV gives the same payload (the fixtures depend on it)")
    func deterministic() throws {
        let alice = try NostrKeyPair(privateKeyHex: String(repeating: "0", count: 63) + "1")
        let bob = try NostrKeyPair(privateKeyHex: String(repeating: "0", count: 63) + "2")
        let iv = [UInt8](repeating: 7, count: 16)
        let first = try NIP04.encrypt("x", from: alice, to: bob.publicKey, iv: iv)
        #expect(try NIP04.encrypt("x", from: bob, to: alice.publicKey, iv: iv) == first)
        #expect(throws: NostrError.self) { try NIP04.encrypt("x", from: alice, to: bob.publicKey, iv: [1, 2, 3]) }
    }

    @Test("malformed, oversized and wrongly keyed payloads are refused with decryptionFailed")
    func refused() throws {
        let alice = NostrKeyPair.random()
        let bob = NostrKeyPair.random()
        let good = try NIP04.encrypt("the secret", from: alice, to: bob.publicKey)
        let parts = good.split(separator: "?iv=")
        let ciphertext = String(parts[0])
        let bad = [
            ciphertext,  // no IV
            ciphertext + "?iv=AAAA",  // a 3-byte IV
            "?iv=" + parts[1],  // no ciphertext
            ciphertext.dropLast(4) + "?iv=" + NostrBase64.encode([UInt8](repeating: 0, count: 16)),
            "not base64!?iv=AAAAAAAAAAAAAAAAAAAAAA==",
            String(repeating: "A", count: NIP04.maximumPayloadLength + 1),
        ]
        for payload in bad {
            #expect {
                try NIP04.decrypt(payload, by: bob, from: alice.publicKey)
            } throws: { error in
                (error as? NostrError)?.code == .decryptionFailed
            }
        }
        do {
            let opened = try NIP04.decrypt(good, by: NostrKeyPair.random(), from: alice.publicKey)
            // Without a MAC a wrong key is caught only by the padding check, which 1 in ~256 keys passes.
            #expect(opened != "the secret")
        } catch {
            #expect(error.code == .decryptionFailed)
            #expect(!error.reason.contains("the secret"))
        }
    }
}
