// Vectors/locking-keys.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
import CoreCashu

@Suite("locking-keys vectors")
struct LockingKeysVectorTests {
    static let file = VectorFile.load("locking-keys")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        let purpose: LockingKeys.Purpose
        switch c.group {
        case "quote": purpose = .quote
        case "p2pk": purpose = .p2pk
        default: throw c.fail("unknown group \(c.group)")
        }
        let seed = try Mnemonic(phrase: try c.string(c.input["mnemonic"], "mnemonic"))
            .seed(passphrase: try c.string(c.input["passphrase"], "passphrase"))
        guard let counter = c.input["counter"].uint64Value else { throw c.fail("counter missing") }
        let keys = try DeterministicSecrets(seed: seed).lockingKeys(purpose)
        let key = try keys.key(at: UInt32(counter))
        try c.expectEqual(key.publicKey.hex, try c.string(c.expected["pubkey"], "pubkey"), "public key")
        let path = try DerivationPath(parsing: try c.string(c.expected["derivation_path"], "derivation_path"))
        try c.expectEqual(try ExtendedPrivateKey(seed: seed).deriving(path).privateKey, key, "path")
        try c.expectEqual(keys.find(key.publicKey, in: 0..<10)?.counter, UInt32(counter), "lookup")
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
