// SecureStore: runs blocking work (libsecret's D-Bus calls, KDFs, fsync) on a thread of its own, off the
// cooperative pool.

import Dispatch

/// A serial queue for calls that block; the awaiting task is suspended, not its thread.
struct BlockingExecutor: Sendable {
    private let queue: DispatchQueue

    /// An executor with its own serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Runs `body` on the queue and returns what it returns.
    func run<T: Sendable>(
        _ body: @escaping @Sendable () throws(SecureStoreError) -> T
    ) async throws(SecureStoreError) -> T {
        let result: Result<T, SecureStoreError> = await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: Result { () throws(SecureStoreError) -> T in try body() })
            }
        }
        return try result.get()
    }
}
