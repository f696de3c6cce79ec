// Benchmarks of CoreCashu: crypto, wire formats and the wallet engine (targets and results: docs/performance.md).

import Benchmark
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
        timeUnits: .microseconds,
        warmupIterations: 20,
        maxDuration: .seconds(2),
        maxIterations: 10_000
    )
    cryptoBenchmarks()
    dleqBenchmarks()
    derivationBenchmarks()
    tokenBenchmarks()
    walletBenchmarks()
    secureStoreBenchmarks()
}
