// Tests for NUT-11 — SpendingConditionVerifier: locktime, multisig counting, wrong keys and SIG_ALL rules.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-11 verifier")
struct SpendingConditionVerifierTests {
    typealias F = SpendingFixtures
    static let alice = F.key(1)
    static let bob = F.key(2)
    static let carol = F.key(3)
    static let mallory = F.key(9)

    static func locked(_ options: LockOptions = LockOptions(), to key: Scalar = alice) throws -> Proof {
        F.proof(try WellKnownSecret.p2pk(lockedTo: key.publicKey, options: options))
    }

    static func signed(_ proof: Proof, _ keys: [Scalar]) throws -> Proof {
        var p = proof
        p.witness = try F.witness(proof, keys: keys)
        return p
    }

    static func code(_ proof: Proof, now: UInt64 = 500) -> SpendingConditionError.Code? {
        F.code { try SpendingConditionVerifier.verify(proof, now: now) }
    }

    @Test func plainSecretsPass() throws {
        let proof = Proof(
            amount: 1, id: F.keysetID, secret: "407915bc212be61a77e3e6d2aeb4c727980bda51cd06a6afc29e2861768a7837",
            C: Point(generatorMultipliedBy: Scalar.random()))
        try SpendingConditionVerifier.verify(proof, now: 0)
        try SpendingConditionVerifier.verifySwap(inputs: [proof], outputs: [F.output()], now: 0)
    }

    @Test func basicCase() throws {
        let proof = try Self.locked()
        #expect(Self.code(proof) == .missingWitness)
        #expect(Self.code(try Self.signed(proof, [Self.alice])) == nil)
        #expect(Self.code(try Self.signed(proof, [Self.mallory])) == .insufficientSignatures)
        #expect(Self.code(try Self.signed(proof, [])) == .insufficientSignatures)
    }

    @Test func signatureOverAnotherMessageFails() throws {
        var proof = try Self.locked()
        let other = try Self.locked()
        proof.witness = try F.witness(other, keys: [Self.alice])
        #expect(Self.code(proof) == .insufficientSignatures)
    }

    @Test func sameKeySigningTwiceCountsOnce() throws {
        let proof = try Self.locked(LockOptions(additionalKeys: [Self.bob.publicKey], requiredSignatures: 2))
        // BIP-340 signing uses fresh aux randomness: two different valid signatures by the same key.
        let twice = try Self.signed(proof, [Self.alice, Self.alice])
        #expect(Self.code(twice) == .insufficientSignatures)
        #expect(Self.code(try Self.signed(proof, [Self.alice, Self.mallory])) == .insufficientSignatures)
        #expect(Self.code(try Self.signed(proof, [Self.bob, Self.alice])) == nil)
        #expect(Self.code(try Self.signed(proof, [Self.mallory, Self.bob, Self.alice, Self.alice])) == nil)
    }

    @Test func signerCountCountsDistinctKeys() throws {
        let pathway = try SignaturePathway(
            keyHexes: [Self.alice.publicKey.hex, Self.bob.publicKey.hex, Self.carol.publicKey.hex], thresholdText: "2",
            name: "main")
        let digest = SigAllMessage.digest("m")
        let sigs = try [Self.alice, Self.alice, Self.carol, Self.mallory].map {
            try Schnorr.sign(message: digest, key: $0)
        }
        #expect(pathway.signerCount(signatures: sigs, digest: digest) == 2)
        #expect(pathway.isSatisfied(signatures: sigs, digest: digest))
    }

    @Test func locktimeAndRefund() throws {
        let options = LockOptions(locktime: 1000, refundKeys: [Self.bob.publicKey])
        let byRefund = try Self.signed(try Self.locked(options), [Self.bob])
        #expect(Self.code(byRefund, now: 999) == .insufficientSignatures)
        #expect(Self.code(byRefund, now: 1000) == .insufficientSignatures)
        #expect(Self.code(byRefund, now: 1001) == nil)
        let byOwner = try Self.signed(try Self.locked(options), [Self.alice])
        #expect(Self.code(byOwner, now: 999) == nil)
        #expect(Self.code(byOwner, now: 5000) == nil)  // the main pathway stays open after locktime
        let unsigned = try Self.locked(options)
        #expect(Self.code(unsigned, now: 5000) == .missingWitness)
    }

    @Test func expiredLockWithoutRefundIsAnyoneCanSpend() throws {
        let proof = try Self.locked(LockOptions(locktime: 1000))
        #expect(Self.code(proof, now: 1000) == .missingWitness)
        #expect(Self.code(proof, now: 1001) == nil)
    }

    @Test func pathwaysDoNotMix() throws {
        let options = LockOptions(
            additionalKeys: [Self.bob.publicKey], requiredSignatures: 2, locktime: 10,
            refundKeys: [Self.carol.publicKey, Self.mallory.publicKey], requiredRefundSignatures: 2)
        let proof = try Self.locked(options)
        #expect(Self.code(try Self.signed(proof, [Self.alice, Self.carol]), now: 11) == .insufficientSignatures)
        #expect(Self.code(try Self.signed(proof, [Self.carol, Self.mallory]), now: 11) == nil)
        #expect(Self.code(try Self.signed(proof, [Self.carol, Self.mallory]), now: 10) == .insufficientSignatures)
    }

    @Test(arguments: [
        "not json", "[]", "{\"signatures\":\"ab\"}", "{\"signatures\":[1]}", "{\"signatures\":[\"abcd\"]}",
        "{\"signatures\":[\"" + String(repeating: "zz", count: 64) + "\"]}",
    ])
    func malformedWitnesses(_ witness: String) throws {
        var proof = try Self.locked()
        proof.witness = witness
        #expect(Self.code(proof) == .malformedWitness)
    }

    @Test func tooManySignaturesAreRefused() throws {
        var proof = try Self.locked()
        proof.witness = P2PKWitness(
            signatures: Array(repeating: String(repeating: "00", count: 64), count: P2PKWitness.maxSignatures + 1)
        ).serialized
        #expect(Self.code(proof) == .limitExceeded)
    }

    @Test func sigAllInputAloneNeedsItsTransaction() throws {
        let proof = try Self.signed(try Self.locked(LockOptions(sigFlag: .sigAll)), [Self.alice])
        #expect(Self.code(proof) == .sigAllNeedsTransaction)
    }

    @Test func sigAllMismatchedInputs() throws {
        let sigAll = LockOptions(sigFlag: .sigAll)
        let a = try Self.locked(sigAll)
        let sameCondition = try Self.locked(sigAll)
        let otherTags = try Self.locked(LockOptions(locktime: 5, sigFlag: .sigAll))
        let otherData = try Self.locked(sigAll, to: Self.bob)
        let sigInputs = try Self.locked()
        let plain = Proof(amount: 1, id: F.keysetID, secret: "aa", C: Point(generatorMultipliedBy: Scalar.random()))
        let outputs = [F.output()]
        for second in [otherTags, otherData, sigInputs, plain] {
            let signed = try SpendingConditionSigner.signSwap(
                inputs: [a, sameCondition], outputs: outputs, keys: [Self.alice])
            let inputs = [signed[0], second]
            #expect(F.code { try SpendingConditionVerifier.verifySwap(inputs: inputs, outputs: outputs, now: 0) }
                == .sigAllMismatch)
            // Order does not matter: a SIG_ALL input anywhere imposes the rule.
            #expect(F.code {
                try SpendingConditionVerifier.verifySwap(inputs: [second, signed[0]], outputs: outputs, now: 0)
            } == .sigAllMismatch)
        }
    }

    @Test func emptyTransaction() {
        #expect(F.code {
            try SpendingConditionVerifier.verifySwap(inputs: [], outputs: [], now: 0)
        } == .emptyTransaction)
    }
}
