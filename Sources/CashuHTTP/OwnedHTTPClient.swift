// An HTTP client with one owner that is shut down even when the owner is dropped without closing it.

import CashuEngine
import AsyncHTTPClient
import Dispatch

/// Holds an `HTTPClient` for a long-lived owner (a wallet façade, a test wallet).
///
/// Call ``shutdown()`` when done. An owner released without it (an error thrown between open and close) still gets
/// its connections closed: `deinit` starts the client's non-blocking shutdown instead of leaking it — a debug build of
/// AsyncHTTPClient stops the whole process on a client released while running.
package final class OwnedHTTPClient: Sendable {
    /// The client to make requests with.
    package let client: HTTPClient
    private let isShutDown = Locked(false)

    /// Takes ownership of `client`.
    package init(_ client: HTTPClient) {
        self.client = client
    }

    /// Shuts the client down and waits for it. Idempotent.
    package func shutdown() async {
        guard markShutDown() else { return }
        try? await client.shutdown()
    }

    deinit {
        guard markShutDown() else { return }
        client.shutdown(queue: .global()) { _ in }
    }

    /// Whether this call is the one that shuts the client down.
    private func markShutDown() -> Bool {
        isShutDown.withLock { done in
            defer { done = true }
            return !done
        }
    }
}
