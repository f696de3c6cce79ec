// NIP-01 — the event ids one live subscription has delivered, shared by the connections of all its relays.

import CashuNostr
import CoreCashu

/// A thread-safe ``NostrEventDeduplicator`` for one subscription: each relay's connection (an actor of its own)
/// asks it before delivering an event.
final class NostrSeenEvents: Sendable {
    /// How many ids a subscription remembers: more than a relay re-sends after a reconnection.
    static let capacity = 10_000

    private let seen = Locked(NostrEventDeduplicator(capacity: NostrSeenEvents.capacity))

    /// Records `id`; whether it is new.
    func insert(_ id: String) -> Bool { seen.withLock { $0.insert(id) } }
}
