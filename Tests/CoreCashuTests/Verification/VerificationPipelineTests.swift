// Verification: the pipeline runs whole-list checks first, splits per-item checks across cores, names the bad item.

@testable import CashuEngine
import CoreCashu
import Foundation
import Testing

@Suite("Verification pipeline")
struct VerificationPipelineTests {
    /// Refuses proofs of one amount: a verifier a user could add.
    struct RefuseAmount: Verifier {
        let amount: UInt64
        var cost: VerifierCost = .wholeList
        var name: String { "refuse \(amount)" }
        func verify(_ items: ArraySlice<Proof>, in context: VerificationContext) throws(VerificationFailure) {
            if let index = items.firstIndex(where: { $0.amount == amount }) {
                throw failure(at: index, "is worth \(amount), which this wallet refuses")
            }
        }
    }

    /// Records the order in which verifiers ran and how many items each saw.
    final class Recorder: Sendable {
        let log = Locked<[String]>([])
        let seen = Locked<Int>(0)
    }

    struct Recording: Verifier {
        let name: String
        let cost: VerifierCost
        let recorder: Recorder
        func verify(_ items: ArraySlice<Proof>, in context: VerificationContext) throws(VerificationFailure) {
            recorder.log.withLock { $0.append(name) }
            recorder.seen.withLock { $0 += items.count }
        }
    }

    @Test("parts cover every index once, contiguously, at least the minimum long, four per worker at most")
    func parts() {
        for count in [0, 1, 15, 16, 17, 100, 1000, 2500, 4097] {
            for workers in [1, 2, 8] {
                let parts = VerificationPipeline<Proof>.parts(count: count, workers: workers, minimumPart: 16)
                #expect(parts.flatMap { Array($0) } == Array(0..<count))
                #expect(parts.count <= max(1, workers * 4))
                if workers == 1 { #expect(parts.count <= 1) }
                if parts.count > 1 { #expect(parts.dropLast().allSatisfy { $0.count >= 16 }) }
            }
        }
    }

    @Test("valid proofs pass, in parallel and in sequence", arguments: [1, 2, 8])
    func validProofsPass(workers: Int) async throws {
        let fixture = try SignedProofFixture()
        let proofs = try fixture.proofs(300)
        let pipeline = VerificationPipeline.receivedProofs().withMaxConcurrency(workers)
        try await pipeline.verify(proofs, in: fixture.context)
        try pipeline.verifySequentially(proofs, in: fixture.context)
    }

    @Test("one bad DLEQ among many is named by its position, whichever part holds it", arguments: [0, 157, 299])
    func badDLEQNamed(position: Int) async throws {
        let fixture = try SignedProofFixture()
        var proofs = try fixture.proofs(300)
        proofs[position] = SignedProofFixture.breakingDLEQ(proofs[position])
        for pipeline in [VerificationPipeline.receivedProofs(), .receivedProofs().withMaxConcurrency(1)] {
            let failure = await #expect(throws: VerificationFailure.self) {
                try await pipeline.verify(proofs, in: fixture.context)
            }
            #expect(failure?.index == position && failure?.verifier == "dleq")
            #expect(failure?.reason.contains("does not verify") == true)
        }
        #expect(throws: VerificationFailure(verifier: "dleq", index: position, reason: proofs[position].dleqReason)) {
            try VerificationPipeline.receivedProofs().verifySequentially(proofs, in: fixture.context)
        }
    }

    @Test("a missing DLEQ passes unless the context requires one")
    func missingDLEQ() async throws {
        let fixture = try SignedProofFixture()
        var proofs = try fixture.proofs(40)
        proofs[33].dleq = nil
        try await VerificationPipeline.receivedProofs().verify(proofs, in: fixture.context)
        var strict = fixture.context
        strict.requireDLEQ = true
        let failure = await #expect(throws: VerificationFailure.self) {
            try await VerificationPipeline.receivedProofs().verify(proofs, in: strict)
        }
        #expect(failure?.index == 33 && failure?.reason == "carries no DLEQ proof")
    }

    @Test("an amount the keyset has no key for is refused before any DLEQ is checked")
    func unknownAmountFirst() async throws {
        let fixture = try SignedProofFixture()
        var proofs = try fixture.proofs(64)
        proofs[5] = SignedProofFixture.breakingDLEQ(proofs[5])
        proofs[50].amount = 128
        let failure = await #expect(throws: VerificationFailure.self) {
            try await VerificationPipeline.receivedProofs().verify(proofs, in: fixture.context)
        }
        #expect(failure?.verifier == "keys" && failure?.index == 50)
    }

    @Test("a verifier a user adds runs after the standard ones and can refuse")
    func userVerifier() async throws {
        let fixture = try SignedProofFixture()
        let proofs = try fixture.proofs(70)
        let pipeline = VerificationPipeline.receivedProofs(adding: [RefuseAmount(amount: 32)])
        let failure = await #expect(throws: VerificationFailure.self) {
            try await pipeline.verify(proofs, in: fixture.context)
        }
        #expect(failure?.verifier == "refuse 32" && failure?.index == 5)
        let perItem = VerificationPipeline.receivedProofs(adding: [RefuseAmount(amount: 32, cost: .perItem)])
        let parallel = await #expect(throws: VerificationFailure.self) {
            try await perItem.verify(proofs, in: fixture.context)
        }
        #expect(parallel?.verifier == "refuse 32")
    }

    @Test("whole-list verifiers run first, once; per-item ones see every item exactly once across parts")
    func orderAndCoverage() async throws {
        let fixture = try SignedProofFixture()
        let proofs = try fixture.proofs(200)
        let recorder = Recorder()
        let pipeline = VerificationPipeline<Proof>([
            Recording(name: "heavy", cost: .perItem, recorder: recorder),
            Recording(name: "light", cost: .wholeList, recorder: recorder),
        ])
        try await pipeline.verify(proofs, in: fixture.context)
        let log = recorder.log.withLock { $0 }
        #expect(log.first == "light" && log.filter { $0 == "light" }.count == 1)
        #expect(log.filter { $0 == "heavy" }.count > 1)
        #expect(recorder.seen.withLock { $0 } == 400)
    }

    @Test("a cancelled caller gets a failure, never a pass, when parts were skipped")
    func cancelledIsNotVerified() async throws {
        let fixture = try SignedProofFixture()
        let proofs = try fixture.proofs(200)
        let context = fixture.context
        let outcome = await Task { () -> VerificationFailure? in
            withUnsafeCurrentTask { $0?.cancel() }
            let pipeline = VerificationPipeline.receivedProofs().withMaxConcurrency(2)
            do throws(VerificationFailure) { try await pipeline.verify(proofs, in: context) } catch { return error }
            return nil
        }.value
        #expect(outcome?.isCancellation == true && outcome?.index == nil)
    }

    @Test("absurd settings are clamped: every item is still checked")
    func clampedSettings() async throws {
        let fixture = try SignedProofFixture()
        var proofs = try fixture.proofs(100)
        proofs[99] = SignedProofFixture.breakingDLEQ(proofs[99])
        for pipeline in [
            VerificationPipeline<Proof>([ProofDLEQVerifier()], minimumPart: -1),
            VerificationPipeline<Proof>([ProofDLEQVerifier()], maxConcurrency: Int.max, minimumPart: 0),
            VerificationPipeline.receivedProofs().withMaxConcurrency(-5),
        ] {
            let failure = await #expect(throws: VerificationFailure.self) {
                try await pipeline.verify(proofs, in: fixture.context)
            }
            #expect(failure?.index == 99)
        }
    }

    @Test("a mint's signatures: matched, keyed, DLEQ-checked; a bad one named")
    func signatures() async throws {
        let fixture = try SignedProofFixture()
        var items = try (0..<100).map { try fixture.signed(amount: 1 << UInt64($0 % 7)).signed }
        try await VerificationPipeline.mintSignatures().verify(items, in: fixture.context)
        let other = try fixture.signed(amount: items[77].signature.amount).signed
        items[77].signature.dleq = other.signature.dleq
        let failure = await #expect(throws: VerificationFailure.self) {
            try await VerificationPipeline.mintSignatures().verify(items, in: fixture.context)
        }
        #expect(failure?.index == 77 && failure?.reason == "carries an invalid DLEQ proof")
        items[12].output.amount = 3
        let mismatch = await #expect(throws: VerificationFailure.self) {
            try await VerificationPipeline.mintSignatures().verify(items, in: fixture.context)
        }
        #expect(mismatch?.verifier == "keys" && mismatch?.index == 12)
    }
}

extension Proof {
    fileprivate var dleqReason: String { "carries a DLEQ proof that does not verify: not signed by this mint" }
}
