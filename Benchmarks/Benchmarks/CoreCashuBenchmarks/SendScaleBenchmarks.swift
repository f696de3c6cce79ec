// Wallet benchmarks: an offline send (exact proofs, no swap) from a wallet holding 2,000, 20,000 and 100,000
// proofs — what a send costs as the wallet grows (docs/performance.md, "Send as the wallet grows"). Named
// `send scale <backend>: ...`, so that 'send scale.*' runs them all.

import Benchmark
import CashuBenchSupport
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

/// Sends from synthetic proofs of the running mint (its URL, so the wallet knows the mint; the proofs' signatures are
/// never checked by an offline send). After the first send the wallet has the mint's keysets and info: the
/// measured sends make no request, so what is left is choosing and reserving the proofs in the store.
func sendScaleBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, WalletMetric.cpu, WalletMetric.requests],
        timeUnits: .milliseconds,
        units: [WalletMetric.cpu: .count, WalletMetric.requests: .count],
        warmupIterations: 2,
        maxDuration: .seconds(10),
        maxIterations: 30
    )
    for backend in [StoreBackend.sqliteSealed, .postgresSealed] {
        if backend.isPostgres, let reason = BenchPostgres.unavailableReason {
            FileHandle.standardError.write(Data("Skipping send scale \(backend.rawValue): \(reason)\n".utf8))
            continue
        }
        for (count, label) in [(2_000, "2,000"), (20_000, "20,000"), (100_000, "100,000")] {
            let name = "send scale \(backend.rawValue): offline send 100 sat from \(label) proofs"
            Benchmark(name, configuration: configuration) { benchmark in
                let bench = try WalletBench.requireWallet()
                let mint = try WalletBench.requireMint().url
                let sent = try await benchmark.measure(requests: bench.counter) {
                    try await bench.wallet.send(amount: 100, mint: mint, options: SendOptions(offlineOnly: true))
                }
                guard !sent.swapped, sent.amount == 100 else {
                    throw Fixtures.Failure(description: "the send swapped or sent \(sent.amount)")
                }
            } setup: {
                try await WalletBench.startMintAndWallet(backend)
                let bench = try WalletBench.requireWallet()
                let mint = try WalletBench.requireMint().url
                try await Fixtures.addSynthetic(proofs: count, of: mint, to: bench)
                if backend.isPostgres { try WalletBench.postgres?.vacuumAnalyze() }
            } teardown: {
                try await WalletBench.tearDown()
            }
        }
    }
}

extension Fixtures {
    /// Adds `count` synthetic unspent proofs of `mint` (mixed amounts 1 to 64, valid points, random secrets, no
    /// DLEQ) to an open wallet's store, in batches of 10,000 (one write each).
    static func addSynthetic(proofs count: Int, of mint: MintURL, to bench: BenchWallet) async throws {
        let keyset = try KeysetID(hex: "01" + String(repeating: "ab", count: 32))
        var left = count
        while left > 0 {
            let batch = try mixedAmounts(count: min(left, 10_000)).map { amount in
                try StoredProof(
                    proof: Proof(
                        amount: amount, id: keyset, secret: Scalar.random().exposedSecretHex,
                        C: Scalar.random().publicKey),
                    mintURL: mint, unit: .sat)
            }
            _ = try await bench.store.write { tx in try tx.addProofs(batch) }
            left -= batch.count
        }
    }
}
