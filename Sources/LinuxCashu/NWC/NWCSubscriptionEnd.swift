// NIP-47 — whether the service's relay subscription ended on its own (every relay closed it, the pool shut down).

import Synchronization

/// Set when a subscription's stream ends without being cancelled, so the service subscribes again.
final class NWCSubscriptionEnd: Sendable {
    private let ended = Mutex(false)

    /// Whether the stream ended.
    var isSet: Bool { ended.withLock { $0 } }

    /// Records that it ended.
    func set() { ended.withLock { $0 = true } }
}
