// Test support — plain threads, for playing a second process against a store whose calls block.

import Foundation

/// A body running on a thread of its own; ``join()`` waits for its result.
final class BackgroundThread<T: Sendable>: @unchecked Sendable {
    // Written by the thread before `done` is signalled, read after `join` waits on it.
    private var result: Result<T, any Error>?
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () throws -> T) {
        let thread = Thread { [self] in
            result = Result { try body() }
            done.signal()
        }
        thread.start()
    }

    /// Waits for the body and returns what it returned, or throws what it threw.
    func join() throws -> T {
        done.wait()
        done.signal()
        guard let result else { preconditionFailure("the thread signalled without a result") }
        return try result.get()
    }
}

/// Runs `body` on a thread of its own and waits for it: a second "process" while a transaction body is running.
func onAnotherThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) throws -> T {
    try BackgroundThread(body).join()
}
