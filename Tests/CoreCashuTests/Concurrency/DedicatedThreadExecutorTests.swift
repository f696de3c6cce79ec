// Tests of CashuEngine/Concurrency/DedicatedThreadExecutor.swift: jobs run on the executor's own threads, a task
// group under its preference spreads over them, the verification pipeline runs on it, and shutdown strands nothing.

@testable import CashuEngine
import CoreCashu
import Foundation
import Testing

@Suite("DedicatedThreadExecutor")
struct DedicatedThreadExecutorTests {
    @Test("child tasks under its preference run on its threads, on more than one of them")
    func childTasksRunOnItsThreads() async {
        let executor = DedicatedThreadExecutor(threads: 2)
        defer { executor.shutdown() }
        let threads = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: pthread_t?.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        // Long enough that both threads take a task.
                        let until = ContinuousClock.now + .milliseconds(20)
                        while ContinuousClock.now < until {}
                        return executor.ownsCurrentThread ? pthread_self() : nil
                    }
                }
                var threads: Set<pthread_t?> = []
                for await thread in group { threads.insert(thread) }
                return threads
            }
        }
        #expect(threads.count == 2 && !threads.contains(nil), "\(threads)")
    }

    @Test("the pipeline verifies on it, and still names the bad proof")
    func pipelineRunsOnIt() async throws {
        let fixture = try SignedProofFixture()
        var proofs = try fixture.proofs(200)
        let executor = DedicatedThreadExecutor(threads: 2)
        defer { executor.shutdown() }
        let pipeline = VerificationPipeline.receivedProofs().withMaxConcurrency(2)
        try await withTaskExecutorPreference(executor) { try await pipeline.verify(proofs, in: fixture.context) }
        proofs[150] = SignedProofFixture.breakingDLEQ(proofs[150])
        let failure = await withTaskExecutorPreference(executor) { () async -> VerificationFailure? in
            do throws(VerificationFailure) { try await pipeline.verify(proofs, in: fixture.context) } catch {
                return error
            }
            return nil
        }
        #expect(failure?.index == 150 && failure?.verifier == "dleq")
    }

    @Test("after shutdown, queued and later jobs still run")
    func shutdownStrandsNothing() async {
        let executor = DedicatedThreadExecutor(threads: 1)
        let before = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: Bool.self) { group in
                group.addTask { executor.ownsCurrentThread }
                return await group.next() ?? false
            }
        }
        executor.shutdown()
        let after = await withTaskExecutorPreference(executor) { () async -> Int in
            await withTaskGroup(of: Int.self) { group in
                for value in 0..<10 { group.addTask { value } }
                return await group.reduce(0, +)
            }
        }
        #expect(before && after == 45)
    }
}
