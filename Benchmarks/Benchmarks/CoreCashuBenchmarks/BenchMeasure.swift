// Benchmark support: precise process CPU time, requests counted per operation, and a connector that counts them.

import Benchmark
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Custom metrics of the wallet benchmarks.
enum WalletMetric {
    /// CPU time of this process (all threads: the wallet and its HTTP event loop) during the measured part, from
    /// `CLOCK_PROCESS_CPUTIME_ID`: package-benchmark's `cpuTotal` comes from /proc in 10 ms scheduler ticks.
    static let cpu = BenchmarkMetric.custom("CPU µs", polarity: .prefersSmaller, useScalingFactor: false)
    /// Requests the wallet sent to the mint during the measured part.
    static let requests = BenchmarkMetric.custom("requests", polarity: .prefersSmaller, useScalingFactor: false)
}

/// Nanoseconds of CPU this process has used.
func processCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

extension Benchmark {
    /// Runs `body` as the measured part of this iteration (what comes before and after is not measured), and
    /// records its precise CPU time and, given a counter, the requests it made.
    func measure<T>(requests counter: RequestCounter? = nil, _ body: () async throws -> T) async throws -> T {
        let requestsBefore = counter?.value ?? 0
        startMeasurement()
        let cpuBefore = processCPUNanoseconds()
        let result = try await body()
        let cpuAfter = processCPUNanoseconds()
        stopMeasurement()
        measurement(WalletMetric.cpu, Int((cpuAfter - cpuBefore) / 1000))
        if let counter { measurement(WalletMetric.requests, counter.value - requestsBefore) }
        return result
    }
}

/// A thread-safe request count.
final class RequestCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}

/// A connector that counts every request it passes on.
struct CountingConnector: MintConnector {
    let base: any MintConnector
    let counter: RequestCounter

    var mintURL: MintURL { base.mintURL }

    func info() async throws(MintClientError) -> MintInfo {
        counter.increment()
        return try await base.info()
    }
    func keys() async throws(MintClientError) -> KeysResponse {
        counter.increment()
        return try await base.keys()
    }
    func keys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        counter.increment()
        return try await base.keys(keysetID: keysetID)
    }
    func keysets() async throws(MintClientError) -> KeysetsResponse {
        counter.increment()
        return try await base.keysets()
    }
    func mintQuote(_ request: MintQuoteBolt11Request) async throws(MintClientError) -> MintQuoteBolt11Response {
        counter.increment()
        return try await base.mintQuote(request)
    }
    func mintQuoteState(quote: String) async throws(MintClientError) -> MintQuoteBolt11Response {
        counter.increment()
        return try await base.mintQuoteState(quote: quote)
    }
    func mint(_ request: MintRequest) async throws(MintClientError) -> MintResponse {
        counter.increment()
        return try await base.mint(request)
    }
    func checkMintQuotes(_ request: BatchCheckRequest) async throws(MintClientError) -> [MintQuoteBolt11Response] {
        counter.increment()
        return try await base.checkMintQuotes(request)
    }
    func batchMint(_ request: BatchMintRequest) async throws(MintClientError) -> MintResponse {
        counter.increment()
        return try await base.batchMint(request)
    }
    func meltQuote(_ request: MeltQuoteBolt11Request) async throws(MintClientError) -> MeltQuoteResponse {
        counter.increment()
        return try await base.meltQuote(request)
    }
    func meltQuoteState(quote: String) async throws(MintClientError) -> MeltQuoteResponse {
        counter.increment()
        return try await base.meltQuoteState(quote: quote)
    }
    func melt(_ request: MeltRequest) async throws(MintClientError) -> MeltQuoteResponse {
        counter.increment()
        return try await base.melt(request)
    }
    func swap(_ request: SwapRequest) async throws(MintClientError) -> SwapResponse {
        counter.increment()
        return try await base.swap(request)
    }
    func checkState(_ request: CheckStateRequest) async throws(MintClientError) -> CheckStateResponse {
        counter.increment()
        return try await base.checkState(request)
    }
    func restore(_ request: RestoreRequest) async throws(MintClientError) -> RestoreResponse {
        counter.increment()
        return try await base.restore(request)
    }
}
