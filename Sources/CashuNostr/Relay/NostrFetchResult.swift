// NIP-01 — the stored events a set of relays returned for a filter.

/// The verified, de-duplicated events collected from the relays, and each relay's outcome.
package struct NostrFetchResult: Sendable, Hashable {
    /// The events, newest first (by `created_at`, then id).
    package let events: [NostrEvent]
    /// Each relay's outcome (`accepted` once it sent `EOSE`).
    package let outcomes: [NostrRelayURL: NostrRelayOutcome]

    package init(events: [NostrEvent], outcomes: [NostrRelayURL: NostrRelayOutcome]) {
        self.events = events.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
        self.outcomes = outcomes
    }
}
