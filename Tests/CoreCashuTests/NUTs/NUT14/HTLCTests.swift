// Tests for NUT-14 — HTLC preimage, witness, creation and both spend pathways.

import Crypto
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-14 HTLC")
struct HTLCTests {
    typealias F = SpendingFixtures
    static let receiver = F.key(1)
    static let sender = F.key(2)
    static let mallory = F.key(9)

    static func htlc(_ preimage: HTLCPreimage, _ options: LockOptions = LockOptions()) throws -> Proof {
        F.proof(try WellKnownSecret.htlc(preimage: preimage, options: options))
    }

    static func code(_ proof: Proof, now: UInt64 = 50) -> SpendingConditionError.Code? {
        F.code { try SpendingConditionVerifier.verify(proof, now: now) }
    }

    static func witnessed(_ proof: Proof, preimage: HTLCPreimage?, keys: [Scalar]) throws -> Proof {
        var p = proof
        let digest = SigAllMessage.digest(p.secret)
        let sigs = try keys.map { Hex.encode(try Schnorr.sign(message: digest, key: $0)) }
        p.witness = HTLCWitness(preimage: preimage, signatures: sigs).serialized
        return p
    }

    @Test func hashesTheBytesNotTheHex() throws {
        let preimage = try HTLCPreimage(hex: String(repeating: "0", count: 63) + "1")
        #expect(preimage.hashLockHex == "ec4916dd28fc4c10d78e287ca5d9cc51ee1ae73cbfde08c6b37324cbfaac8bc5")
        let hexTextHash = Hex.encode(SHA256.hash(data: Array(preimage.exposedSecretHex.utf8)))
        #expect(preimage.hashLockHex != hexTextHash)
        let wrongLock = try Hex.decode(hexTextHash)
        #expect(!preimage.opens(wrongLock))
    }

    @Test(
        arguments: [
            "", "00", String(repeating: "0", count: 62), String(repeating: "0", count: 66),
            String(repeating: "g", count: 64),
        ])
    func preimageMustBe32Bytes(_ hex: String) {
        #expect(F.code { _ = try HTLCPreimage(hex: hex) } == .invalidPreimage)
    }

    @Test func preimagesAreRedactedAndFresh() {
        let a = HTLCPreimage.random()
        let b = HTLCPreimage.random()
        #expect(a != b)
        #expect("\(a)" == "<redacted>")
        #expect(!"\(HTLCWitness(preimage: a))".contains(a.exposedSecretHex))
    }

    @Test func witnessRoundTrip() throws {
        let preimage = HTLCPreimage.random()
        let sig = String(repeating: "ab", count: 64)
        let w = HTLCWitness(preimage: preimage, signatures: [sig])
        #expect(w.serialized == "{\"preimage\":\"\(preimage.exposedSecretHex)\",\"signatures\":[\"\(sig)\"]}")
        let parsed = try HTLCWitness(parsing: w.serialized)
        #expect(parsed == w)
        #expect(try HTLCWitness(parsing: "{\"signatures\":[]}").preimage == nil)
        #expect(F.code { _ = try HTLCWitness(parsing: "{\"preimage\":1}") } == .malformedWitness)
        #expect(F.code { _ = try HTLCWitness(parsing: "{\"preimage\":\"01\"}") } == .invalidPreimage)
    }

    @Test func secretShape() throws {
        let preimage = HTLCPreimage.random()
        let secret = try WellKnownSecret.htlc(preimage: preimage)
        #expect(secret.kind == .htlc)
        #expect(secret.data == preimage.hashLockHex)
        let c = try SpendingConditions(try WellKnownSecret(parsing: secret.rawValue))
        #expect(c.hashLock == preimage.hashLock)
        #expect(c.main == nil)
        #expect(F.code { _ = try WellKnownSecret.htlc(hashLock: [1, 2, 3]) } == .invalidHashLock)
    }

    @Test(arguments: ["", "00", String(repeating: "zz", count: 32), String(repeating: "0", count: 66)])
    func malformedHashLock(_ data: String) throws {
        let text = "[\"HTLC\",{\"nonce\":\"n\",\"data\":\"\(data)\"}]"
        #expect(F.code { _ = try SpendingConditions.parse(secret: text) } == .invalidHashLock)
    }

    @Test func nSigsWithoutReceiverKeysIsMalformed() {
        let lock = String(repeating: "00", count: 32)
        let text = "[\"HTLC\",{\"nonce\":\"n\",\"data\":\"\(lock)\",\"tags\":[[\"n_sigs\",\"1\"]]}]"
        #expect(F.code { _ = try SpendingConditions.parse(secret: text) } == .invalidSignatureThreshold)
    }

    @Test func preimageAloneWithoutPubkeys() throws {
        let preimage = HTLCPreimage.random()
        let proof = try Self.htlc(preimage)
        #expect(Self.code(proof) == .missingWitness)
        #expect(Self.code(try Self.witnessed(proof, preimage: preimage, keys: [])) == nil)
        #expect(Self.code(try Self.witnessed(proof, preimage: .random(), keys: [])) == .preimageMismatch)
        #expect(Self.code(try Self.witnessed(proof, preimage: nil, keys: [Self.receiver])) == .preimageMismatch)
    }

    @Test func receiverNeedsPreimageAndSignature() throws {
        let preimage = HTLCPreimage.random()
        let proof = try Self.htlc(preimage, LockOptions(additionalKeys: [Self.receiver.publicKey]))
        #expect(Self.code(try Self.witnessed(proof, preimage: preimage, keys: [])) == .insufficientSignatures)
        #expect(
            Self.code(try Self.witnessed(proof, preimage: preimage, keys: [Self.mallory])) == .insufficientSignatures)
        #expect(Self.code(try Self.witnessed(proof, preimage: nil, keys: [Self.receiver])) == .preimageMismatch)
        #expect(Self.code(try Self.witnessed(proof, preimage: preimage, keys: [Self.receiver])) == nil)
    }

    @Test func refundPathwayAfterLocktime() throws {
        let preimage = HTLCPreimage.random()
        let options = LockOptions(
            additionalKeys: [Self.receiver.publicKey], locktime: 100, refundKeys: [Self.sender.publicKey])
        let proof = try Self.htlc(preimage, options)
        let bySender = try Self.witnessed(proof, preimage: nil, keys: [Self.sender])
        #expect(Self.code(bySender, now: 100) == .preimageMismatch)
        #expect(Self.code(bySender, now: 101) == nil)
        #expect(
            Self.code(try Self.witnessed(proof, preimage: nil, keys: [Self.mallory]), now: 101)
                == .insufficientSignatures)
        // The receiver pathway stays open after locktime.
        #expect(Self.code(try Self.witnessed(proof, preimage: preimage, keys: [Self.receiver]), now: 10_000) == nil)
    }

    @Test func anyoneAfterLocktimeWithoutRefund() throws {
        let proof = try Self.htlc(.random(), LockOptions(locktime: 100))
        #expect(Self.code(proof, now: 100) == .missingWitness)
        #expect(Self.code(proof, now: 101) == nil)
    }

    @Test func signerAddsPreimageAndSignature() throws {
        let preimage = HTLCPreimage.random()
        let options = LockOptions(additionalKeys: [Self.receiver.publicKey], sigFlag: .sigAll)
        let inputs = [try Self.htlc(preimage, options), try Self.htlc(preimage, options)]
        let outputs = [F.output()]
        let signed = try SpendingConditionSigner.signSwap(
            inputs: inputs, outputs: outputs, keys: [Self.receiver], preimage: preimage)
        try SpendingConditionVerifier.verifySwap(inputs: signed, outputs: outputs, now: 0)
        #expect(try HTLCWitness(parsing: signed[0].witness ?? "").preimage == preimage)
        #expect(F.code {
            _ = try SpendingConditionSigner.signSwap(inputs: inputs, outputs: outputs, keys: [], preimage: .random())
        } == .preimageMismatch)
        #expect(F.code {
            _ = try SpendingConditionSigner.signSwap(
                inputs: inputs, outputs: outputs, keys: [Self.mallory], preimage: nil)
        } == .noSigningKey)
    }

    @Test func signerPreimageOnly() throws {
        let preimage = HTLCPreimage.random()
        let input = try Self.htlc(preimage)
        let signed = try SpendingConditionSigner.signSwap(inputs: [input], outputs: [], keys: [], preimage: preimage)
        try SpendingConditionVerifier.verify(signed[0], now: 0)
    }
}
