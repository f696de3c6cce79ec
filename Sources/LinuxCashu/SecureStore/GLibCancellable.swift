// SecureStore: a GCancellable owned by Swift, so a task's cancellation or a deadline can stop a blocking
// libsecret call.

internal import CLibSecret

/// Owns one `GCancellable` (thread-safe: cancelling from another thread is what it is for).
final class GLibCancellable: @unchecked Sendable {
    // @unchecked: the pointer is immutable and GCancellable is thread-safe.
    let pointer: UnsafeMutablePointer<GCancellable>

    init() {
        pointer = g_cancellable_new()
    }

    deinit {
        g_object_unref(pointer)
    }

    /// Cancels the call using it (which then fails with G_IO_ERROR_CANCELLED).
    func cancel() {
        g_cancellable_cancel(pointer)
    }

    /// Whether ``cancel()`` was called.
    var isCancelled: Bool { g_cancellable_is_cancelled(pointer) != 0 }
}
