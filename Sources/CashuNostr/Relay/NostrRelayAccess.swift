// NIP-01 — what the wallet's Nostr features need from relays, whatever carries the messages.

/// Publishing to, fetching from and subscribing on a set of relays.
///
/// Implementations verify every event they hand out (``NostrEvent/verify()``), drop duplicates by id, bound every
/// wait, and never log event contents or keys.
package protocol NostrRelayAccess: Sendable {
    /// Publishes `event` to each relay in `relays` and waits (bounded) for each relay's `OK`.
    ///
    /// Never throws: the report says what each relay answered.
    func publish(_ event: NostrEvent, to relays: [NostrRelayURL]) async -> NostrPublishReport

    /// Asks each relay for its stored events matching `filters` and collects them until every relay has sent `EOSE`,
    /// closed, failed, or `timeout` has passed.
    ///
    /// - Throws: ``NostrError`` `.relayUnreachable` when no relay answered at all.
    func fetch(
        _ filters: [NostrFilter], from relays: [NostrRelayURL], timeout: Duration
    ) async throws(NostrError) -> NostrFetchResult

    /// Events matching `filters`, stored and new, as they arrive from any relay in `relays`; reconnects with backoff
    /// and re-subscribes. Ends when the consuming task is cancelled.
    func subscribe(_ filters: [NostrFilter], on relays: [NostrRelayURL]) -> AsyncStream<NostrEvent>
}
