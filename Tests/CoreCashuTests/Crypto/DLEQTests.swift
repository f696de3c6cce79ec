// Tests of Crypto/DLEQ.swift: NUT-12 hash_e, proof creation (deterministic and random nonce) and verification.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("DLEQ")
struct DLEQTests {
    struct Setup {
        let a: Scalar
        let A: Point
        let B_: Point
        let C_: Point
        init() throws {
            a = Scalar.random()
            A = a.publicKey
            B_ = try BDHKE.blind(secret: "dleq test", r: Scalar.random())
            C_ = BDHKE.sign(B_: B_, k: a)
        }
    }

    @Test func hashEOfTheSpecExample() throws {
        let one = try Point(hex: "020000000000000000000000000000000000000000000000000000000000000001")
        let c = try Point(hex: "02a9acc1e48c25eeeb9289b5031cc57da9fe72f3fe2861d264bdc074209b107ba2")
        #expect(Hex.encode(DLEQ.hashE(one, one, one, c))
            == "a4dc034b74338c28c6bc3ea49731f2a24440fc7c4affc08b31a93fc9fbe6401e")
        #expect(DLEQ.hashE([one, one, one, c]) == DLEQ.hashE(one, one, one, c))
        // Order matters, and the empty list is SHA-256 of nothing.
        #expect(DLEQ.hashE(c, one, one, one) != DLEQ.hashE(one, one, one, c))
        #expect(Hex.encode(DLEQ.hashE([]))
            == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func deterministicProofVerifiesAndRepeats() throws {
        let t = try Setup()
        let proof = try DLEQ.prove(a: t.a, B_: t.B_, C_: t.C_)
        #expect(DLEQ.verify(A: t.A, B_: t.B_, C_: t.C_, e: proof.e, s: proof.s))
        #expect(try DLEQ.prove(a: t.a, B_: t.B_, C_: t.C_) == proof)
        let r = try DLEQ.deterministicNonce(a: t.a, A: t.A, B_: t.B_, C_: t.C_)
        #expect(try DLEQ.prove(a: t.a, B_: t.B_, C_: t.C_, nonce: r) == proof)
    }

    @Test func randomNonceProofVerifies() throws {
        let t = try Setup()
        let p1 = try DLEQ.prove(a: t.a, B_: t.B_, C_: t.C_, nonce: Scalar.random())
        let p2 = try DLEQ.prove(a: t.a, B_: t.B_, C_: t.C_, nonce: Scalar.random())
        #expect(p1 != p2)
        #expect(DLEQ.verify(A: t.A, B_: t.B_, C_: t.C_, e: p1.e, s: p1.s))
        #expect(DLEQ.verify(A: t.A, B_: t.B_, C_: t.C_, e: p2.e, s: p2.s))
    }

    @Test func tamperedProofsFail() throws {
        let t = try Setup()
        let p = try DLEQ.prove(a: t.a, B_: t.B_, C_: t.C_)
        let one = try Scalar(hex: String(repeating: "0", count: 63) + "1")
        let otherPoint = Scalar.random().publicKey
        #expect(!DLEQ.verify(A: t.A, B_: t.B_, C_: t.C_, e: try p.e.adding(one), s: p.s))
        #expect(!DLEQ.verify(A: t.A, B_: t.B_, C_: t.C_, e: p.e, s: try p.s.adding(one)))
        #expect(!DLEQ.verify(A: t.A, B_: t.B_, C_: otherPoint, e: p.e, s: p.s))
        #expect(!DLEQ.verify(A: otherPoint, B_: t.B_, C_: t.C_, e: p.e, s: p.s))
        #expect(!DLEQ.verify(A: t.A, B_: otherPoint, C_: t.C_, e: p.e, s: p.s))
        #expect(!DLEQ.verify(A: t.A, B_: t.B_, C_: t.C_, e: p.s, s: p.e))
    }

    @Test func signatureWithAnotherKeyHasNoValidProof() throws {
        let t = try Setup()
        // The mint signs with b but claims key A: a proof made with b cannot verify against A.
        let b = Scalar.random()
        let forged = BDHKE.sign(B_: t.B_, k: b)
        let p = try DLEQ.prove(a: b, B_: t.B_, C_: forged)
        #expect(!DLEQ.verify(A: t.A, B_: t.B_, C_: forged, e: p.e, s: p.s))
        #expect(DLEQ.verify(A: b.publicKey, B_: t.B_, C_: forged, e: p.e, s: p.s))
    }

    @Test func pointAtInfinityIsARejectionNotACrash() throws {
        // With A = G and s = e, R1 = s·G − e·A is infinity.
        let g = try Point(hex: "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
        let e = Scalar.random()
        #expect(!DLEQ.verify(A: g, B_: g, C_: g, e: e, s: e))
        // And R2 = s·B_ − e·C_ is infinity when C_ = B_ and s = e, whatever A is.
        let B_ = Scalar.random().publicKey
        #expect(!DLEQ.verify(A: Scalar.random().publicKey, B_: B_, C_: B_, e: e, s: e))
    }
}
