// Vectors/nut13.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut13 vectors")
struct NUT13VectorTests {
    static let file = VectorFile.load("nut13")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "keyset_id_int":
            let id = try KeysetID(hex: try c.string(c.input["keyset_id"], "keyset_id"))
            let value = DeterministicSecrets.keysetIDInteger(id)
            try c.expectEqual(UInt64(value), c.expected["keyset_id_int"].uint64Value, "keyset_id_int")
            try c.expectEqual(
                "m/129372'/0'/\(value)'/{counter}'",
                try c.string(c.expected["derivation_path_template"], "derivation_path_template"),
                "path template")
        case "derivation_v1_bip32", "derivation_v2_hmac":
            let seed = try Mnemonic(phrase: try c.string(c.input["mnemonic"], "mnemonic"))
                .seed(passphrase: try c.string(c.input["passphrase"], "passphrase"))
            let id = try KeysetID(hex: try c.string(c.input["keyset_id"], "keyset_id"))
            guard let counter = c.input["counter"].uint64Value else { throw c.fail("counter missing") }
            try c.expectEqual(id.version, c.group == "derivation_v1_bip32" ? 0x00 : 0x01, "keyset version")
            let out = try DeterministicSecrets(seed: seed).derive(keysetID: id, counter: counter)
            try c.expectEqual(out.secret, try c.string(c.expected["secret"], "secret"), "secret")
            try c.expectEqual(out.blindingFactor.exposedSecretHex, try c.string(c.expected["r"], "r"), "r")
            if c.group == "derivation_v1_bip32" {
                // The published counter path, and the secret/r as the private keys at its /0 and /1 children.
                let keysetInt = DeterministicSecrets.keysetIDInteger(id)
                let path = try DerivationPath(parsing: "m/129372'/0'/\(keysetInt)'/\(counter)'")
                try c.expectEqual(
                    path.description, try c.string(c.expected["derivation_path"], "derivation_path"), "path")
                let master = try ExtendedPrivateKey(seed: seed)
                let secretPath = try DerivationPath(parsing: try c.string(c.derived["secret_path"], "secret_path"))
                let rPath = try DerivationPath(parsing: try c.string(c.derived["r_path"], "r_path"))
                try c.expectEqual(master.deriving(secretPath).privateKey.exposedSecretHex, out.secret, "secret path")
                try c.expectEqual(master.deriving(rPath).privateKey, out.blindingFactor, "r path")
            }
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
