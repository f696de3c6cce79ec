// Checks that CoreCashu's secret-bearing types never render their secrets (description, debugDescription, inside
// collections), so that interpolating them into a log message is safe even before the redactor looks at it.

import CoreCashu
import Testing

@Suite("Secret types render redacted")
struct SecretTypeRenderingTests {
    /// Every way a value commonly ends up in a log line.
    static func renderings(_ value: Any) -> [String] {
        [
            String(describing: value), String(reflecting: value), String(describing: [value]),
            "\(Optional(value) as Any)",
        ]
    }

    static func expectHidden(_ secret: String, in value: Any, _ name: String) {
        for rendering in renderings(value) {
            #expect(!rendering.lowercased().contains(secret.lowercased()), "\(name) renders its secret: \(rendering)")
        }
    }

    @Test("SecureBytes, Scalar, Mnemonic, DeterministicSecrets, DerivedOutputSecret")
    func cryptoTypes() throws {
        let scalar = Scalar.random()
        Self.expectHidden(scalar.exposedSecretHex, in: SecureBytes(scalar.exposedSecretBytes), "SecureBytes")
        Self.expectHidden(scalar.exposedSecretHex, in: scalar, "Scalar")

        let mnemonic = Mnemonic()
        for word in mnemonic.exposedWords where word.count > 4 {
            Self.expectHidden(word, in: mnemonic, "Mnemonic")
        }
        let seed = try mnemonic.seed()
        Self.expectHidden(Hex.encode(seed.exposedSecretBytes), in: seed, "seed")

        let secrets = try DeterministicSecrets(mnemonic: mnemonic)
        Self.expectHidden(
            Hex.encode(seed.exposedSecretBytes).prefix(16).description,
            in: secrets,
            "DeterministicSecrets"
        )
        let keyset = try KeysetID(hex: "009a1f293253e41e")
        let output = try secrets.derive(keysetID: keyset, counter: 7)
        Self.expectHidden(output.secret, in: output, "DerivedOutputSecret (secret)")
        Self.expectHidden(output.blindingFactor.exposedSecretHex, in: output, "DerivedOutputSecret (r)")
    }

    @Test("Proof, its DLEQ, and a Token carrying it")
    func proofsAndTokens() throws {
        let secret = Hex.encode(Scalar.random().exposedSecretBytes)
        let r = Scalar.random()
        let C = Scalar.random().publicKey
        let proof = Proof(
            amount: 8,
            id: try KeysetID(hex: "009a1f293253e41e"),
            secret: secret,
            C: C,
            dleq: ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: r)
        )
        Self.expectHidden(secret, in: proof, "Proof (secret)")
        Self.expectHidden(r.exposedSecretHex, in: proof, "Proof (r)")
        Self.expectHidden(C.hex, in: proof, "Proof (C)")
        let token = Token(mint: "http://127.0.0.1:3338", unit: "sat", proofs: [proof])
        Self.expectHidden(secret, in: token, "Token")
        Self.expectHidden(try token.serialized(), in: token, "Token (serialized)")
    }
}
