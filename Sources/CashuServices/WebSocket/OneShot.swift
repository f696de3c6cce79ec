// NUT-17 — WebSockets: a value delivered once, from any thread (an event loop callback, a timer), to one waiter.

import Foundation

/// A one-time slot: the first ``complete(_:)`` wins, later ones are ignored; ``wait()`` returns the value.
///
/// Event loop callbacks and timers race to answer a connect, a probe or a request; whichever comes first decides,
/// and the loser learns it lost (to close a socket that arrived too late, for instance).
final class OneShot<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    private var waiter: CheckedContinuation<Value, Never>?

    /// Delivers `value` unless one was delivered before.
    /// - Returns: whether this call delivered it.
    @discardableResult
    func complete(_ value: Value) -> Bool {
        lock.lock()
        guard self.value == nil else {
            lock.unlock()
            return false
        }
        self.value = value
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: value)
        return true
    }

    /// The delivered value, waiting for it if needed. One waiter at a time.
    func wait() async -> Value {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let value {
                lock.unlock()
                continuation.resume(returning: value)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
