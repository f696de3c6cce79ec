// Storage: one answer handed from an event loop to the store thread waiting for it.

import CashuEngine
import NIOConcurrencyHelpers
import NIOCore

/// A result set once on an event loop and waited for on another thread (``PostgresWait``): what
/// `EventLoopFuture.wait()` does, without registering the waiter from off the loop (one more wake-up of the loop).
final class WaitedAnswer<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `result` is guarded by `lock`, whose value says whether it is set (1) or not (0).
    private let lock = ConditionLock(value: 0)
    private var result: Result<Value, any Error>?

    /// Sets the result (the first one counts) and wakes the waiter.
    func complete(_ result: Result<Value, any Error>) {
        lock.lock()
        if self.result == nil { self.result = result }
        lock.unlock(withValue: 1)
    }

    /// Blocks until ``complete(_:)``, then returns its result; `unavailable` after `limit` (a safety net: the
    /// caller's own deadline completes it sooner, unless the event loop stopped running tasks).
    func wait(atMost limit: TimeAmount) -> Result<Value, any Error> {
        guard lock.lock(whenValue: 1, timeoutSeconds: Double(limit.nanoseconds) / 1e9) else {
            return .failure(StorageError(.unavailable, "no answer from the database's event loop"))
        }
        defer { lock.unlock() }
        return result ?? .failure(StorageError(.database, "an answer was signalled without a result"))
    }
}
