// NUT-12: verifying the DLEQ proofs of 1,000 received proofs — one by one, through the verification pipeline on one
// core, on every core, on threads of its own (DedicatedThreadExecutor), and split over plain threads without tasks.

import Benchmark
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

func dleqBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal],
        timeUnits: .milliseconds,
        warmupIterations: 2,
        maxDuration: .seconds(5),
        maxIterations: 30
    )
    // 1,000 proofs of amounts 1…64 from one keyset, each with its DLEQ {e, s, r}, made once outside the measurement.
    let keysetID = try! KeysetID(hex: "009a1f293253e41e")
    var privateKeys: [UInt64: Scalar] = [:]
    for power in 0..<7 { privateKeys[1 << UInt64(power)] = Scalar.random() }
    let keys = try! KeysetKeys(privateKeys.mapValues(\.publicKey))
    let proofs: [Proof] = (0..<1000).map { index in
        let amount: UInt64 = 1 << UInt64(index % 7)
        let a = privateKeys[amount]!
        let secret = String(format: "%064x", index)
        let r = Scalar.random()
        let B_ = try! BDHKE.blind(secret: secret, r: r)
        let C_ = BDHKE.sign(B_: B_, k: a)
        let dleq = try! DLEQ.prove(a: a, B_: B_, C_: C_)
        let C = try! BDHKE.unblind(C_: C_, r: r, mintKey: a.publicKey)
        return Proof(amount: amount, id: keysetID, secret: secret, C: C, dleq: ProofDLEQ(dleq, r: r))
    }
    let context = VerificationContext(keys: [keysetID: keys])

    Benchmark("DLEQ verify 1,000 proofs: one by one", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            for proof in proofs { try proof.verifyDLEQ(mintKey: keys[proof.amount]!) }
        }
    }
    // The same split without Swift concurrency: the floor for "across cores" (two threads, half the proofs each).
    let threads = ProcessInfo.processInfo.activeProcessorCount
    Benchmark("DLEQ verify 1,000 proofs: \(threads) threads, no tasks", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations {
            let failures = Locked(0)
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                for index in stride(from: part, to: proofs.count, by: threads) {
                    do { try proofs[index].verifyDLEQ(mintKey: keys[proofs[index].amount]!) } catch {
                        failures.withLock { $0 += 1 }
                    }
                }
            }
            precondition(failures.withLock { $0 } == 0, "a DLEQ proof did not verify")
        }
    }
    let oneCore = VerificationPipeline.receivedProofs().withMaxConcurrency(1)
    Benchmark("DLEQ verify 1,000 proofs: pipeline, one core", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { try await oneCore.verify(proofs, in: context) }
    }
    let everyCore = VerificationPipeline.receivedProofs()
    Benchmark(
        "DLEQ verify 1,000 proofs: pipeline, \(everyCore.maxConcurrency) cores", configuration: configuration
    ) { benchmark in
        for _ in benchmark.scaledIterations { try await everyCore.verify(proofs, in: context) }
    }
    // package-benchmark's runner waits for an async benchmark with a semaphore on a thread of the cooperative pool,
    // so on two cores the row above gets one pool thread. Threads of the pipeline's own give it both cores.
    guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
    Benchmark(
        "DLEQ verify 1,000 proofs: pipeline, \(everyCore.maxConcurrency) cores, own threads",
        configuration: configuration
    ) { benchmark in
        for _ in benchmark.scaledIterations {
            try await withTaskExecutorPreference(OwnThreads.executor) {
                try await everyCore.verify(proofs, in: context)
            }
        }
    }
}
