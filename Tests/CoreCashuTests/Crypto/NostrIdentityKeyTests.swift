// NIP-06 — the Nostr identity derived from a BIP-39 phrase (m/44'/1237'/0'/0/0): the NIP's own test vectors.

import Testing

@testable import CashuEngine

@Suite("NIP-06 Nostr identity key")
struct NostrIdentityKeyTests {
    @Test(
        "the NIP-06 test vectors give their private and public keys",
        arguments: [
            (
                "leader monkey parrot ring guide accident before fence cannon height naive bean",
                "7f7ff03d123792d6ac594bfa67bf6d0c0ab55b6b1fdb6249303fe861f1ccba9a",
                "17162c921dc4d2518f9a101db33695df1afb56ab82f5ff3e5da6eec3ca5cd917"
            ),
            (
                "what bleak badge arrange retreat wolf trade produce cricket blur garlic valid proud rude strong "
                    + "choose busy staff weather area salt hollow arm fade",
                "c15d739894c81a2fcfd3a2df85a0d2c0dbc47a280d092799f144d73d7ae78add",
                "d41b22899549e1f3d335a31002cfd382174006e166d3e658e3a5eecdb6463573"
            ),
        ])
    func vectors(_ phrase: String, _ privateKey: String, _ publicKey: String) throws {
        let key = try NostrIdentityKey(seed: try Mnemonic(phrase: phrase).seed())
        #expect(key.privateKey.exposedSecretHex == privateKey)
        #expect(Hex.encode(key.xOnlyPublicKey) == publicKey)
        #expect(key.lockingPublicKey.hasEvenY)
        #expect(key.lockingPublicKey.xOnly == key.xOnlyPublicKey)
        #expect(!String(reflecting: key).contains(privateKey))
    }

    @Test("the key of a seed is Nutshell's npub.cash key of it (cashu.core.nostr.derive_nostr_keypair)")
    func nutshellKey() throws {
        let key = try NostrIdentityKey(seed: SecureBytes([UInt8](repeating: 0, count: 64)))
        #expect(key.privateKey.exposedSecretHex == "539e3bb63bb5c4f2ab91107b2241e70c826613ec6d0eecc36443f4462f229b73")
        #expect(Hex.encode(key.xOnlyPublicKey) == "0d0df1d4cbec05e6d87015f88e6352a79444448f444cacb79b83bf32930e24e3")
    }

    @Test("a seed that is not 64 bytes gives no identity")
    func shortSeed() {
        #expect(throws: CryptoError.self) { try NostrIdentityKey(seed: SecureBytes([UInt8](repeating: 1, count: 32))) }
    }
}
