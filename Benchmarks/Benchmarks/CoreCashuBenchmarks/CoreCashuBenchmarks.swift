// Benchmarks of CoreCashu's cryptography and wire formats (see docs/performance.md for targets and results).

import Benchmark
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
    derivationBenchmarks()
    tokenBenchmarks()
}
