// The one DedicatedThreadExecutor the benchmarks share: package-benchmark's runner blocks a thread of the cooperative
// pool while an async benchmark runs (docs/performance.md, "DLEQ verification of many proofs").

// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
enum OwnThreads {
    /// One thread per core, made on first use and kept for the process.
    static let executor = DedicatedThreadExecutor()
}
