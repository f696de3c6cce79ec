// Tests of NUTs/NUT12/BlindSignature+DLEQ.swift: the wallet's DLEQ check on a mint's blind signature.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("BlindSignature DLEQ")
struct BlindSignatureDLEQTests {
    static let keysetID: KeysetID = {
        do { return try KeysetID(hex: "00882760bfa2eb41") } catch { preconditionFailure("\(error)") }
    }()

    struct Issued {
        let k: Scalar
        let output: BlindedMessage
        let signature: BlindSignature
        let r: Scalar
        let secret: String

        init(secret: String = "issued secret") throws {
            self.secret = secret
            k = Scalar.random()
            let (B_, r) = try BDHKE.blind(secret: secret)
            self.r = r
            output = BlindedMessage(amount: 8, id: BlindSignatureDLEQTests.keysetID, B_: B_)
            let C_ = BDHKE.sign(B_: B_, k: k)
            signature = BlindSignature(
                amount: 8, id: BlindSignatureDLEQTests.keysetID, C_: C_, dleq: try DLEQ.prove(a: k, B_: B_, C_: C_))
        }
    }

    static func expectCode(_ code: CryptoError.Code, _ body: () throws(CryptoError) -> Void) {
        do {
            try body()
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
        }
    }

    @Test func validSignatureVerifies() throws {
        let t = try Issued()
        try t.signature.verifyDLEQ(blindedMessage: t.output, mintKey: t.k.publicKey)
    }

    @Test func missingDLEQHasItsOwnCode() throws {
        let t = try Issued()
        var bare = t.signature
        bare.dleq = nil
        Self.expectCode(.dleqMissing) { () throws(CryptoError) in
            try bare.verifyDLEQ(blindedMessage: t.output, mintKey: t.k.publicKey)
        }
        #expect(CryptoError.Code.dleqMissing != .dleqVerificationFailed)
    }

    @Test func wrongKeyOrOutputFails() throws {
        let t = try Issued()
        Self.expectCode(.dleqVerificationFailed) { () throws(CryptoError) in
            try t.signature.verifyDLEQ(blindedMessage: t.output, mintKey: Scalar.random().publicKey)
        }
        let other = try Issued()
        Self.expectCode(.dleqVerificationFailed) { () throws(CryptoError) in
            try t.signature.verifyDLEQ(blindedMessage: other.output, mintKey: t.k.publicKey)
        }
    }

    @Test func tamperedFieldsFail() throws {
        let t = try Issued()
        let one = try Scalar(hex: String(repeating: "0", count: 63) + "1")
        guard let dleq = t.signature.dleq else { Issue.record("no dleq"); return }
        var tampered = [t.signature, t.signature, t.signature]
        tampered[0].dleq = BlindSignatureDLEQ(e: try dleq.e.adding(one), s: dleq.s)
        tampered[1].dleq = BlindSignatureDLEQ(e: dleq.e, s: try dleq.s.adding(one))
        tampered[2].C_ = try t.signature.C_.adding(t.k.publicKey)
        for signature in tampered {
            Self.expectCode(.dleqVerificationFailed) { () throws(CryptoError) in
                try signature.verifyDLEQ(blindedMessage: t.output, mintKey: t.k.publicKey)
            }
        }
    }

    @Test func proofDLEQCarriesTheBlindingFactor() throws {
        let t = try Issued()
        guard let dleq = t.signature.dleq else { Issue.record("no dleq"); return }
        let carried = ProofDLEQ(dleq, r: t.r)
        #expect(carried.e == dleq.e && carried.s == dleq.s && carried.r == t.r)
    }
}
