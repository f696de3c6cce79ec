// NUT-12: verifying the DLEQ proofs of 1,000 received proofs — one by one, through the verification pipeline on one
// core, and through the pipeline on every core (the "per-proof, batched, across cores").

import Benchmark
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
}
