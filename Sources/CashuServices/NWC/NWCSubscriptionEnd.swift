// NIP-47 — whether the service's relay subscription ended on its own (every relay closed it, the pool shut down).

import CoreCashu

/// Set when a subscription's stream ends without being cancelled, so the service subscribes again.
final class NWCSubscriptionEnd: Sendable {
    private let ended = Locked(false)

    /// Whether the stream ended.
    var isSet: Bool { ended.withLock { $0 } }

    /// Records that it ended.
    func set() { ended.withLock { $0 = true } }
}
