// Wallet benchmark: receiving a token of more proofs than the mint takes in one request (NUT-06 max_array_length).

import Benchmark
import CashuBenchSupport
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

/// 2,500 one-sat proofs without DLEQ at a mint that takes 1,000 items a request (Nutshell's default
/// `MINT_MAX_REQUEST_LENGTH`): the wallet receives them in three swaps of 834, 833 and 833 inputs, each paying its
/// own input fee (84 sat at 100 ppk), so 2,248 of the 2,500 sat arrive. Nutshell's wallet sends all 2,500 inputs in
/// one swap, which the mint refuses (scripts/bench/nutshell.py).
func splitReceiveBenchmarks() {
    // Each iteration's token costs three mint requests in the setup (the mint signs at most 1,000 outputs a request),
    // and the receive itself takes seconds of the mint's time: few iterations, and room for them in maxDuration.
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, WalletMetric.cpu, WalletMetric.requests],
        timeUnits: .milliseconds,
        units: [WalletMetric.cpu: .count, WalletMetric.requests: .count],
        warmupIterations: 1,
        maxDuration: .seconds(120),
        maxIterations: 5
    )
    let proofsPerToken = 2500
    let expectedSwaps = 3
    let expectedAmount: UInt64 = 2500 - 3 * 84

    // The third row runs the receive on threads of its own: package-benchmark's runner blocks one of the two threads
    // of the cooperative pool while an async benchmark runs (DLEQBenchmarks.swift).
    let ownThreads: [Bool]
    if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) { ownThreads = [false, true] } else {
        ownThreads = [false]
    }
    for (withDLEQ, ownThreads) in [(false, false)] + ownThreads.map({ (true, $0) }) {
        // With DLEQ proofs (as a wallet that keeps them sends), the receive checks 2,500 of them across cores first.
        let name =
            withDLEQ
            ? "wallet receive 2,500-proof token with DLEQ\(ownThreads ? ", own threads" : "")"
            : "wallet receive 2,500-proof token"
        Benchmark(name, configuration: configuration) { benchmark in
            let bench = try WalletBench.requireWallet()
            guard let token = WalletBench.tokens.popLast() else {
                throw Fixtures.Failure(description: "out of tokens")
            }
            let received = try await benchmark.measure(requests: bench.counter) {
                if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *), ownThreads {
                    try await withTaskExecutorPreference(OwnThreads.executor) { try await bench.wallet.receive(token) }
                } else {
                    try await bench.wallet.receive(token)
                }
            }
            guard received.operationIDs.count == expectedSwaps, received.amount == expectedAmount else {
                throw Fixtures.Failure(
                    description: "received \(received.amount) in \(received.operationIDs.count) swaps, expected "
                        + "\(expectedAmount) in \(expectedSwaps)"
                )
            }
        } setup: {
            try await WalletBench.startMintAndWallet()
            let mint = try WalletBench.requireMint().url
            let count = configuration.warmupIterations + configuration.maxIterations
            WalletBench.tokens = try await Fixtures.oneSatTokens(
                count, proofs: proofsPerToken, mint: mint, withDLEQ: withDLEQ)
        } teardown: {
            try await WalletBench.tearDown()
        }
    }
}
