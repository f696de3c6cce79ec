// Storage: the PostgreSQL store's own threads, on which its synchronous bodies wait for their statements.

import CashuEngine
import NIOConcurrencyHelpers
import NIOPosix

/// Up to ``limit`` threads, each started when every running one is busy, all stopped by ``shutdown()``.
///
/// A command opens the store, runs a few transactions one after the other and ends: one thread serves it, and
/// starting eight at every open was a tenth of a PostgreSQL open's CPU. A service running transactions side by side
/// grows to as many threads as it runs at once, up to the limit.
final class PostgresStoreThreads: Sendable {
    private struct State {
        /// One single-thread pool per thread, in the order started.
        var pools: [NIOThreadPool] = []
        /// How many bodies each pool runs or has queued.
        var busy: [Int] = []
        var isShutDown = false
    }

    let limit: Int
    private let state = NIOLockedValueBox(State())

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// How many threads have been started (tests).
    var started: Int { state.withLockedValue { $0.pools.count } }

    /// Runs `body` on an idle thread, a new one while fewer than ``limit`` run, else on the least busy.
    /// - Throws: what `body` throws; `StorageError` `unavailable` once the store has closed.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let taken: (pool: NIOThreadPool, index: Int)? = state.withLockedValue { state in
            guard !state.isShutDown else { return nil }
            let index: Int
            if let idle = state.busy.firstIndex(of: 0) {
                index = idle
            } else if state.pools.count < limit {
                let pool = NIOThreadPool(numberOfThreads: 1)
                pool.start()
                state.pools.append(pool)
                state.busy.append(0)
                index = state.pools.count - 1
            } else {
                index = state.busy.indices.min { state.busy[$0] < state.busy[$1] } ?? 0
            }
            state.busy[index] += 1
            return (state.pools[index], index)
        }
        guard let (pool, index) = taken else { throw StorageError(.unavailable, "the store has closed") }
        defer { state.withLockedValue { $0.busy[index] -= 1 } }
        return try await pool.runIfActive(body)
    }

    /// Stops every thread once the bodies running or queued on it end; later ``run(_:)`` calls fail. Idempotent.
    func shutdown() async {
        for pool in takePools() {
            // Already stopped (a second close) is not an error worth a word.
            try? await pool.shutdownGracefully()
        }
    }

    /// As ``shutdown()``, without waiting (a store dropped without closing).
    func shutdownSoon() {
        for pool in takePools() { pool.shutdownGracefully { _ in } }
    }

    private func takePools() -> [NIOThreadPool] {
        state.withLockedValue { state in
            state.isShutDown = true
            defer { state.pools = [] }
            return state.pools
        }
    }
}
