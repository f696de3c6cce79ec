// Vectors/nut27.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut27 vectors")
struct NUT27VectorTests {
    static let file = VectorFile.load("nut27")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "key_derivation":
            try c.expectEqual(
                Array(try c.string(c.input["domain_separator"], "domain_separator").utf8),
                MintBackupKey.domainSeparator, "domain separator")
            let key = try MintBackupKey(mnemonic: try Mnemonic(phrase: try c.string(c.input["mnemonic"], "mnemonic")))
            try c.expectEqual(
                key.privateKey.exposedSecretHex, try c.string(c.expected["secret_key"], "secret_key"), "secret key")
            try c.expectEqual(key.publicKeyHex, try c.string(c.expected["public_key"], "public_key"), "public key")
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
