// The README's "Use it" example, run with real values so the README cannot drift from the API.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("README example")
struct ReadmeExampleTests {
    @Test func example() throws {
        let token = try Token.decode(
            "cashuBpGF0gaJhaUgArSaMTR9YJmFwgaNhYQFhc3hAOWE2ZGJiODQ3YmQyMzJiYTc2ZGIwZGYxOTcyMTZiMjlkM2I4Y2MxNDU1M2NkMjc4"
                + "MjdmYzFjYzk0MmZlZGI0ZWFjWCEDhhhUP_trhpXfStS6vN6So0qWvc2X3O4NfM-Y1HISZ5JhZGlUaGFuayB5b3VhbXVodHRwOi8v"
                + "bG9jYWxob3N0OjMzMzhhdWNzYXQ=")
        try token.validatePoints()
        #expect(try token.totalAmount() == 1)
        #expect(try Token.decode(try token.serialized(as: .v4)) == token)

        let mnemonic = Mnemonic()
        #expect("\(mnemonic)" == "<redacted>")
        let secrets = try DeterministicSecrets(mnemonic: mnemonic)
        let keyset = try KeysetID(hex: "01" + String(repeating: "ab", count: 32))
        let output = try secrets.derive(keysetID: keyset, counter: 0)

        let k = Scalar.random()
        let B_ = try BDHKE.blind(secret: output.secret, r: output.blindingFactor)
        let C_ = BDHKE.sign(B_: B_, k: k)
        let signature = BlindSignature(amount: 1, id: keyset, C_: C_, dleq: try DLEQ.prove(a: k, B_: B_, C_: C_))
        let C = try BDHKE.unblind(C_: signature.C_, r: output.blindingFactor, mintKey: k.publicKey)
        try signature.verifyDLEQ(blindedMessage: BlindedMessage(amount: 1, id: keyset, B_: B_), mintKey: k.publicKey)
        #expect(try BDHKE.verify(secret: output.secret, C: C, k: k))

        let request = try PaymentRequest(encoded: PaymentRequest(amount: 21, unit: "sat").creqA())
        #expect(request.amount == 21)
    }
}
