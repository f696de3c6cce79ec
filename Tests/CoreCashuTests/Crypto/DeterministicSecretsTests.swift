// Tests for Sources/CashuEngine/Crypto/DeterministicSecrets.swift and Crypto/NUT13/: NUT-13 beyond the vectors.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-13 deterministic secrets")
struct DeterministicSecretsTests {
    static let phrase = "half depart obvious quality work element tank gorilla view sugar picture humble"
    static let v1 = "009a1f293253e41e"
    static let v2 = "015ba18a8adcd02e715a58358eb618da4a4b3791151a4bee5e968bb88406ccf76a"

    static func secrets() throws -> DeterministicSecrets {
        try DeterministicSecrets(mnemonic: try Mnemonic(phrase: phrase))
    }

    @Test("keyset_id_int is int(id) mod 2^31-1 (values checked with Python's big integers)")
    func keysetIDInteger() throws {
        #expect(DeterministicSecrets.keysetIDInteger(try KeysetID(hex: Self.v1)) == 864_559_728)
        #expect(DeterministicSecrets.keysetIDInteger(try KeysetID(hex: Self.v2)) == 674_620_465)
        #expect(DeterministicSecrets.keysetIDInteger(try KeysetID(hex: "00ffffffffffffff")) == 33_554_431)
        let allOnes = "01" + String(repeating: "ff", count: 32)
        #expect(DeterministicSecrets.keysetIDInteger(try KeysetID(hex: allOnes)) == 511)
    }

    @Test("a short v2 id is refused")
    func shortID() throws {
        let s = try Self.secrets()
        let short = try KeysetID(hex: String(Self.v2.prefix(16)))
        #expect(throws: CryptoError(.invalidKeysetID, "a short v2 keyset id must be resolved to the full id first")) {
            try s.derive(keysetID: short, counter: 0)
        }
    }

    @Test("a v1 counter must be a hardened index; a v2 counter may use all 64 bits")
    func counterRange() throws {
        let s = try Self.secrets()
        let v1 = try KeysetID(hex: Self.v1)
        _ = try s.derive(keysetID: v1, counter: 0x7fff_ffff)
        #expect(throws: CryptoError.self) { try s.derive(keysetID: v1, counter: 0x8000_0000) }
        let tooHigh = try? s.derive(keysetID: v1, counter: UInt64.max)
        #expect(tooHigh == nil)
        let high = try s.derive(keysetID: try KeysetID(hex: Self.v2), counter: UInt64.max)
        #expect(high.counter == UInt64.max)
        #expect(high.secret.count == 64)
    }

    @Test("v1 derivation is the BIP-32 path of the spec")
    func v1MatchesPath() throws {
        let seed = try Mnemonic(phrase: Self.phrase).seed()
        let s = try DeterministicSecrets(seed: seed)
        let out = try s.derive(keysetID: try KeysetID(hex: Self.v1), counter: 7)
        let master = try ExtendedPrivateKey(seed: seed)
        let secretKey = try master.deriving(try DerivationPath(parsing: "m/129372'/0'/864559728'/7'/0")).privateKey
        let r = try master.deriving(try DerivationPath(parsing: "m/129372'/0'/864559728'/7'/1")).privateKey
        #expect(out.secret == secretKey.exposedSecretHex)
        #expect(out.blindingFactor == r)
    }

    @Test("a batch equals single derivations", arguments: [v1, v2])
    func batch(_ id: String) throws {
        let s = try Self.secrets()
        let keyset = try KeysetID(hex: id)
        let batch = try s.derive(keysetID: keyset, counters: 3..<13)
        #expect(batch.map(\.counter) == Array(3..<13))
        for output in batch {
            #expect(output == (try s.derive(keysetID: keyset, counter: output.counter)))
        }
        #expect(Set(batch.map(\.secret)).count == 10)
        #expect(try s.derive(keysetID: keyset, counters: 5..<5).isEmpty)
        #expect(throws: CryptoError.self) { try s.derive(keysetID: keyset, counters: 0..<UInt64.max) }
        #expect(throws: CryptoError.self) { try s.derive(keysetID: keyset, counters: 0..<10_001) }
    }

    @Test("secrets are lowercase hex and differ per keyset")
    func format() throws {
        let s = try Self.secrets()
        let a = try s.derive(keysetID: try KeysetID(hex: Self.v1), counter: 0)
        let b = try s.derive(keysetID: try KeysetID(hex: Self.v2), counter: 0)
        for out in [a, b] {
            #expect(out.secret.utf8.count == 64)
            #expect(out.secret.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) })
        }
        #expect(a.secret != b.secret)
    }

    @Test("seeds of a wrong length are refused")
    func seedLength() {
        #expect(throws: CryptoError.self) { try DeterministicSecrets(seed: SecureBytes(count: 8)) }
        #expect(throws: CryptoError.self) { try DeterministicSecrets(seed: SecureBytes(count: 65)) }
    }

    @Test("nothing secret prints")
    func redaction() throws {
        let s = try Self.secrets()
        let out = try s.derive(keysetID: try KeysetID(hex: Self.v2), counter: 0)
        #expect(s.description == "<redacted>")
        #expect(out.description == "<redacted>")
        #expect(!String(reflecting: out).contains(out.secret))
        #expect(!String(reflecting: try s.deriver(for: try KeysetID(hex: Self.v2))).contains(out.secret))
    }
}
