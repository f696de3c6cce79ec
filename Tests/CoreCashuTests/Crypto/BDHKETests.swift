// Tests of Crypto/BDHKE.swift: NUT-00 blind, sign, unblind and verify.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("BDHKE")
struct BDHKETests {
    @Test func roundTrip() throws {
        let k = Scalar.random()
        let K = k.publicKey
        let secret = Hex.encode(SecureBytes.random(count: 32).exposedSecretBytes)
        let (B_, r) = try BDHKE.blind(secret: secret)
        #expect(try BDHKE.blind(secret: secret, r: r) == B_)
        let C_ = BDHKE.sign(B_: B_, k: k)
        let C = try BDHKE.unblind(C_: C_, r: r, mintKey: K)
        #expect(try BDHKE.verify(secret: secret, C: C, k: k))
        // C = k·Y exactly.
        #expect(C == (try HashToCurve.point(secret: secret)).multiplied(by: k))
        #expect(!(try BDHKE.verify(secret: secret + " ", C: C, k: k)))
    }

    @Test func roundTripOnMessageBytes() throws {
        let k = try Scalar(hex: "7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f7f")
        let r = try Scalar(hex: "99fce58439fc37412ab3468b73db0569322588f62fb3a49182d67e23d877824a")
        let x = try Hex.decode("d341ee4871f1f889041e63cf0d3823c713eea6aff01e80f1719f08f9e5be98f6")
        let B_ = try BDHKE.blind(message: x, r: r)
        #expect(B_.hex == "033b1a9737a40cc3fd9b6af4b723632b76a67a36782596304612a6c2bfb5197e6d")
        let C = try BDHKE.unblind(C_: BDHKE.sign(B_: B_, k: k), r: r, mintKey: k.publicKey)
        #expect(try BDHKE.verify(message: x, C: C, k: k))
        #expect(!(try BDHKE.verify(message: Array(x.dropFirst()), C: C, k: k)))
    }

    @Test func wrongKeysFail() throws {
        let k = Scalar.random()
        let other = Scalar.random()
        let (B_, r) = try BDHKE.blind(secret: "secret")
        let C_ = BDHKE.sign(B_: B_, k: k)
        // Unblinding with another amount's key gives a C the mint rejects.
        let wrongUnblind = try BDHKE.unblind(C_: C_, r: r, mintKey: other.publicKey)
        #expect(!(try BDHKE.verify(secret: "secret", C: wrongUnblind, k: k)))
        let C = try BDHKE.unblind(C_: C_, r: r, mintKey: k.publicKey)
        #expect(!(try BDHKE.verify(secret: "secret", C: C, k: other)))
        // A different blinding factor does not unblind either.
        let wrongR = try BDHKE.unblind(C_: C_, r: Scalar.random(), mintKey: k.publicKey)
        #expect(!(try BDHKE.verify(secret: "secret", C: wrongR, k: k)))
    }

    @Test func degenerateResultsPropagate() throws {
        let y = try HashToCurve.point(secret: "s")
        let r = Scalar.random()
        // C_ = r·K makes C = C_ − r·K infinity.
        let K = Scalar.random().publicKey
        do {
            _ = try BDHKE.unblind(C_: K.multiplied(by: r), r: r, mintKey: K)
            Issue.record("expected a degenerate result")
        } catch {
            #expect(error.code == .degenerateResult)
        }
        #expect(try BDHKE.blind(secret: "s", r: r) == y.adding(r.publicKey))
    }

    @Test func randomBlindingDiffers() throws {
        let a = try BDHKE.blind(secret: "same")
        let b = try BDHKE.blind(secret: "same")
        #expect(a.B_ != b.B_)
        #expect(a.r != b.r)
    }
}
