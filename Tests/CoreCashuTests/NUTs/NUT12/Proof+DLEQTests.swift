// Tests of NUTs/NUT12/Proof+DLEQ.swift: a receiver's offline DLEQ check of a proof.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Proof DLEQ")
struct ProofDLEQTests {
    /// Runs the whole issuance: blind, sign with DLEQ, check it, unblind, and attach `{e, s, r}` to the proof.
    static func issue(secret: String = "receiver secret", k: Scalar = Scalar.random()) throws -> Proof {
        let (B_, r) = try BDHKE.blind(secret: secret)
        let C_ = BDHKE.sign(B_: B_, k: k)
        let id = try KeysetID(hex: "00882760bfa2eb41")
        let signature = BlindSignature(amount: 4, id: id, C_: C_, dleq: try DLEQ.prove(a: k, B_: B_, C_: C_))
        try signature.verifyDLEQ(blindedMessage: BlindedMessage(amount: 4, id: id, B_: B_), mintKey: k.publicKey)
        let C = try BDHKE.unblind(C_: C_, r: r, mintKey: k.publicKey)
        guard let dleq = signature.dleq else { throw CryptoError(.dleqMissing, "test setup") }
        return Proof(amount: 4, id: id, secret: secret, C: C, dleq: ProofDLEQ(dleq, r: r))
    }

    static func expectCode(_ code: CryptoError.Code, _ proof: Proof, _ key: Point) {
        do {
            try proof.verifyDLEQ(mintKey: key)
            Issue.record("expected \(code)")
        } catch {
            #expect(error.code == code)
        }
    }

    @Test func issuedProofVerifiesOffline() throws {
        let k = Scalar.random()
        let proof = try Self.issue(k: k)
        try proof.verifyDLEQ(mintKey: k.publicKey)
        #expect(try BDHKE.verify(secret: proof.secret, C: proof.C.point(), k: k))
    }

    @Test func missingDLEQHasItsOwnCode() throws {
        let k = Scalar.random()
        let proof = try Self.issue(k: k)
        Self.expectCode(.dleqMissing, proof.strippedForMint, k.publicKey)
    }

    @Test func tamperedProofsFail() throws {
        let k = Scalar.random()
        let proof = try Self.issue(k: k)
        guard let dleq = proof.dleq else { Issue.record("no dleq"); return }
        let one = try Scalar(hex: String(repeating: "0", count: 63) + "1")

        var wrongSecret = proof
        wrongSecret.secret += "x"
        var wrongC = proof
        wrongC.C = CompressedPoint(try proof.C.point().adding(k.publicKey))
        var wrongR = proof
        wrongR.dleq = ProofDLEQ(e: dleq.e, s: dleq.s, r: try dleq.r.adding(one))
        var wrongE = proof
        wrongE.dleq = ProofDLEQ(e: try dleq.e.adding(one), s: dleq.s, r: dleq.r)
        var wrongS = proof
        wrongS.dleq = ProofDLEQ(e: dleq.e, s: try dleq.s.adding(one), r: dleq.r)
        for bad in [wrongSecret, wrongC, wrongR, wrongE, wrongS] {
            Self.expectCode(.dleqVerificationFailed, bad, k.publicKey)
        }
        Self.expectCode(.dleqVerificationFailed, proof, Scalar.random().publicKey)
    }

    @Test func rIsNegatedAKeyMakesInfinityARejection() throws {
        // C = −r·A makes C_ = C + r·A infinity: a malformed proof, reported as a failed DLEQ.
        let k = Scalar.random()
        var proof = try Self.issue(k: k)
        guard let dleq = proof.dleq else { Issue.record("no dleq"); return }
        proof.C = CompressedPoint(k.publicKey.multiplied(by: dleq.r).negated())
        Self.expectCode(.dleqVerificationFailed, proof, k.publicKey)
    }

    @Test func nut12VectorNeedsUTF8Secret() throws {
        // The NUT-12 proof vector verifies only when the secret's UTF-8 text is hashed, not its hex-decoded bytes.
        let A = try Point(hex: "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        let secret = "daf4dd00a2b68a0858a80450f52c8a7d2ccf87d375e43e216e0c571f089f63e9"
        let proof = Proof(
            amount: 1, id: try KeysetID(hex: "00882760bfa2eb41"), secret: secret,
            C: try Point(hex: "024369d2d22a80ecf78f3937da9d5f30c1b9f74f0c32684d583cca0fa6a61cdcfc"),
            dleq: ProofDLEQ(
                e: try Scalar(hex: "b31e58ac6527f34975ffab13e70a48b6d2b0d35abc4b03f0151f09ee1a9763d4"),
                s: try Scalar(hex: "8fbae004c59e754d71df67e392b6ae4e29293113ddc2ec86592a0431d16306d8"),
                r: try Scalar(hex: "a6d13fcd7a18442e6076f5e1e7c887ad5de40a019824bdfa9fe740d302e8d861")))
        try proof.verifyDLEQ(mintKey: A)
        guard let dleq = proof.dleq else { return }
        let hexB_ = try BDHKE.blind(message: Hex.decode(secret), r: dleq.r)
        let C_ = try proof.C.point().adding(A.multiplied(by: dleq.r))
        #expect(!DLEQ.verify(A: A, B_: hexB_, C_: C_, e: dleq.e, s: dleq.s))
    }
}
