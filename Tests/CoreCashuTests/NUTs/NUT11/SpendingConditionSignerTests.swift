// Tests for NUT-11 — SpendingConditionSigner: signatures the verifier accepts, SIG_ALL coverage, co-signing.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-11 signer")
struct SpendingConditionSignerTests {
    typealias F = SpendingFixtures
    static let alice = F.key(1)
    static let bob = F.key(2)
    static let mallory = F.key(9)

    @Test func sigInputsRoundTrip() throws {
        let inputs = try (0..<3).map { _ in F.proof(try WellKnownSecret.p2pk(lockedTo: Self.alice.publicKey)) }
        let outputs = [F.output(), F.output()]
        let signed = try SpendingConditionSigner.signSwap(
            inputs: inputs, outputs: outputs, keys: [Self.mallory, Self.alice])
        for proof in signed {
            #expect(try P2PKWitness(parsing: proof.witness ?? "").signatures.count == 1)  // mallory is not a signer
            try SpendingConditionVerifier.verify(proof, now: 0)
        }
        try SpendingConditionVerifier.verifySwap(inputs: signed, outputs: outputs, now: 0)
    }

    @Test func sigAllCoversOutputsAndAmounts() throws {
        let secretOptions = LockOptions(sigFlag: .sigAll)
        let inputs = try (0..<2).map { _ in
            F.proof(try WellKnownSecret.p2pk(lockedTo: Self.alice.publicKey, options: secretOptions))
        }
        let outputs = [F.output(amount: 1), F.output(amount: 1)]
        let signed = try SpendingConditionSigner.signSwap(inputs: inputs, outputs: outputs, keys: [Self.alice])
        #expect(signed[1].witness == nil)
        try SpendingConditionVerifier.verifySwap(inputs: signed, outputs: outputs, now: 0)

        var changedAmount = outputs
        changedAmount[0].amount = 2
        #expect(F.code { try SpendingConditionVerifier.verifySwap(inputs: signed, outputs: changedAmount, now: 0) }
            == .insufficientSignatures)
        #expect(F.code {
            try SpendingConditionVerifier.verifySwap(inputs: signed, outputs: outputs.reversed(), now: 0)
        } == .insufficientSignatures)
        #expect(F.code {
            try SpendingConditionVerifier.verifyMelt(inputs: signed, outputs: outputs, quoteID: "q", now: 0)
        } == .insufficientSignatures)
    }

    @Test func sigAllMelt() throws {
        let input = F.proof(try WellKnownSecret.p2pk(lockedTo: Self.alice.publicKey, options: .init(sigFlag: .sigAll)))
        let blank = [F.output(amount: 0)]
        let signed = try SpendingConditionSigner.signMelt(
            inputs: [input], outputs: blank, quoteID: "q1", keys: [Self.alice])
        try SpendingConditionVerifier.verifyMelt(inputs: signed, outputs: blank, quoteID: "q1", now: 0)
        #expect(F.code {
            try SpendingConditionVerifier.verifyMelt(inputs: signed, outputs: blank, quoteID: "q2", now: 0)
        } == .insufficientSignatures)
    }

    @Test func coSignersAddTheirSignatures() throws {
        let options = LockOptions(additionalKeys: [Self.bob.publicKey], requiredSignatures: 2)
        let input = F.proof(try WellKnownSecret.p2pk(lockedTo: Self.alice.publicKey, options: options))
        let outputs = [F.output()]
        let byAlice = try SpendingConditionSigner.signSwap(inputs: [input], outputs: outputs, keys: [Self.alice])
        #expect(F.code { try SpendingConditionVerifier.verify(byAlice[0], now: 0) } == .insufficientSignatures)
        let byBoth = try SpendingConditionSigner.signSwap(inputs: byAlice, outputs: outputs, keys: [Self.bob])
        #expect(try P2PKWitness(parsing: byBoth[0].witness ?? "").signatures.count == 2)
        try SpendingConditionVerifier.verify(byBoth[0], now: 0)
    }

    @Test func refundKeysCanSign() throws {
        let options = LockOptions(locktime: 100, refundKeys: [Self.bob.publicKey])
        let input = F.proof(try WellKnownSecret.p2pk(lockedTo: Self.alice.publicKey, options: options))
        let signed = try SpendingConditionSigner.signSwap(inputs: [input], outputs: [F.output()], keys: [Self.bob])
        try SpendingConditionVerifier.verify(signed[0], now: 101)
        #expect(F.code { try SpendingConditionVerifier.verify(signed[0], now: 100) } == .insufficientSignatures)
    }

    @Test func noMatchingKey() throws {
        let input = F.proof(try WellKnownSecret.p2pk(lockedTo: Self.alice.publicKey))
        #expect(F.code {
            _ = try SpendingConditionSigner.signSwap(inputs: [input], outputs: [F.output()], keys: [Self.mallory])
        } == .noSigningKey)
    }

    @Test func plainInputsAreUntouched() throws {
        let plain = Proof(amount: 1, id: F.keysetID, secret: "abc", C: Point(generatorMultipliedBy: Scalar.random()))
        let signed = try SpendingConditionSigner.signSwap(inputs: [plain], outputs: [], keys: [Self.alice])
        #expect(signed == [plain])
    }
}
