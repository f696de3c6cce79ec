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
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let executor = DedicatedThreadExecutor(threads: 2)
        defer { executor.shutdown() }
        let threads = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: pthread_t?.self) { group in
                let started = Locked(0)
                for _ in 0..<8 {
                    group.addTask {
                        // Each waits (up to 10 s, however loaded the machine) until two have started: only two
                        // threads running tasks at once get past this quickly.
                        started.withLock { $0 += 1 }
                        let until = ContinuousClock.now + .seconds(10)
                        while started.withLock({ $0 }) < 2 && ContinuousClock.now < until {}
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
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
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

    @Test("jobs queued before shutdown run on its threads; jobs after it run elsewhere")
    func shutdownStrandsNothing() async {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let executor = DedicatedThreadExecutor(threads: 1)
        let (queued, later) = await withTaskExecutorPreference(executor) { () async -> ([Bool], [Bool]) in
            await withTaskGroup(of: (Int, Bool).self) { group in
                // Six busy children on one thread: most are still queued when shutdown comes.
                for index in 0..<6 {
                    group.addTask {
                        let until = ContinuousClock.now + .milliseconds(10)
                        while ContinuousClock.now < until {}
                        return (index, executor.ownsCurrentThread)
                    }
                }
                // Shut down from off the executor (its one thread is busy), while children are still queued.
                await Task.detached {
                    try? await Task.sleep(for: .milliseconds(5))
                    executor.shutdown()
                }.value
                for index in 6..<10 { group.addTask { (index, executor.ownsCurrentThread) } }
                var results = Array(repeating: false, count: 10)
                for await (index, owned) in group { results[index] = owned }
                return (Array(results.prefix(6)), Array(results.suffix(4)))
            }
        }
        #expect(queued == Array(repeating: true, count: 6))
        #expect(later == Array(repeating: false, count: 4))
    }
}
