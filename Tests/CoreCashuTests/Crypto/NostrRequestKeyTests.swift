// Tests for Sources/CashuEngine/Crypto/NostrRequestKey.swift: the NUT-18 Nostr request key, derived as NUT-27's
// backup key is but under its own domain.

import Crypto
import Testing

@testable import CashuEngine

@Suite("NUT-18 Nostr request key")
struct NostrRequestKeyTests {
    @Test("SHA256(seed || \"cashu-payment-request\"), not the backup key; 64-byte seeds only; never printed")
    func derivation() throws {
        let seed = try Mnemonic(phrase: MintBackupKeyTests.phrase).seed()
        let key = try NostrRequestKey(seed: seed)
        var hasher = SHA256()
        hasher.update(data: seed.exposedSecretBytes)
        hasher.update(data: Array("cashu-payment-request".utf8))
        #expect(key.privateKey.exposedSecretBytes == Array(hasher.finalize()))
        #expect(key.privateKey != (try MintBackupKey(seed: seed)).privateKey)
        #expect(throws: CashuEngine.CryptoError.self) { try NostrRequestKey(seed: SecureBytes(count: 32)) }
        #expect(!"\(key)".contains(key.privateKey.exposedSecretHex))
        #expect(!String(reflecting: key).contains(key.privateKey.exposedSecretHex))
    }
}
