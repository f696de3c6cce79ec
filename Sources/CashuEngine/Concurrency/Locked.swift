// Concurrency: a value behind a lock that ThreadSanitizer sees, used instead of Synchronization.Mutex.

import Foundation

/// A value guarded by a lock, with `Synchronization.Mutex`'s `withLock` API.
///
/// On Linux a contended `Mutex` is handed from one holder to the next by futex calls in the uninstrumented
/// Synchronization library: ThreadSanitizer sees no happens-before between the two and reports their accesses as a
/// race, so `scripts/test --sanitize thread` could not tell a real race from the lock's. `Locked` holds an `NSLock`
/// (a `pthread_mutex_t`, whose calls ThreadSanitizer intercepts) instead. Like `Mutex` it is `Sendable` whatever the
/// value: the value only leaves it through `sending`. The body runs with the lock held: it must not call `withLock`
/// on the same instance again (that deadlocks).
package final class Locked<Value>: @unchecked Sendable {
    @usableFromInline let lock = NSLock()
    @usableFromInline var value: Value

    /// A lock guarding `initialValue`.
    package init(_ initialValue: sending Value) {
        value = initialValue
    }

    /// Runs `body` with exclusive access to the value, and returns what it returns.
    @inlinable
    package func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
