// Tests for Sources/CashuEngine/Crypto/MintBackupKey.swift: NUT-27 backup key beyond the vector.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-27 mint backup key")
struct MintBackupKeyTests {
    static let phrase = "half depart obvious quality work element tank gorilla view sugar picture humble"

    @Test("seed and mnemonic constructors agree; the public key is x-only")
    func constructors() throws {
        let m = try Mnemonic(phrase: Self.phrase)
        let a = try MintBackupKey(mnemonic: m)
        let b = try MintBackupKey(seed: try m.seed())
        #expect(a.privateKey == b.privateKey)
        #expect(a.xOnlyPublicKey.count == 32)
        #expect(a.publicKeyHex == "0767277aaed200af7a8843491745272fc1ad2c7bfe340225e6f34f3a9a273aed")
        #expect(try MintBackupKey(mnemonic: m, passphrase: "x").privateKey != a.privateKey)
    }

    @Test("only a 64-byte seed is accepted", arguments: [0, 16, 32, 63, 65])
    func seedLength(_ n: Int) {
        #expect(throws: CryptoError.self) { try MintBackupKey(seed: SecureBytes(count: n)) }
    }

    @Test("the private key never prints")
    func redaction() throws {
        let key = try MintBackupKey(mnemonic: try Mnemonic(phrase: Self.phrase))
        let secret = key.privateKey.exposedSecretHex
        #expect(!key.description.contains(secret))
        #expect(!String(reflecting: key).contains(secret))
    }
}
