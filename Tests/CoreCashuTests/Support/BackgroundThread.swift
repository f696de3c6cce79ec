// Test support — plain threads and blocking waits, for playing a second process against a store body.

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

/// Runs `body` as a task of its own and blocks the calling thread until it ends: a second "process" while a
/// transaction body is running. Only for use inside a store body, which never runs on Swift concurrency's threads
/// (blocking one of those could starve the task it waits for).
func onAnotherTask<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    Task.detached {
        do { box.value = .success(try await body()) } catch { box.value = .failure(error) }
        box.done.signal()
    }
    box.done.wait()
    guard let result = box.value else { preconditionFailure("the task signalled without a result") }
    return try result.get()
}

/// A result handed from a task to a waiting thread (written before the signal, read after the wait).
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    var value: Result<T, any Error>?
    let done = DispatchSemaphore(value: 0)
}
