// NIP-01 — live subscriptions: a REQ on each relay kept across reconnections, every event once, until the consumer
// stops listening or the pool shuts down.

import CashuNostr
import Foundation
import Logging

extension NostrRelayPool {
    /// Where one ``subscribe(_:on:)`` stands; its stream's end and its start race, whoever comes second cleans up.
    enum SubscriptionState: Sendable {
        /// Being opened on its relays.
        case starting
        /// Open: its stream, and its `REQ` on each relay.
        case live(AsyncStream<NostrEvent>.Continuation, [(NostrRelayConnection, String)])
        /// Its consumer stopped listening before (or while) it was opened.
        case ended
    }

    /// Events matching any of `filters`, stored and new, as they arrive from any relay, each once.
    ///
    /// Each relay's connection reconnects with backoff when lost and asks again from a little before the newest event
    /// received (``NostrRelayPoolConfiguration/resubscribeMargin``). A relay that closes the subscription
    /// (`CLOSED`) is not asked again. The stream ends when the consuming task is cancelled (or stops iterating), or
    /// when the pool shuts down; then `CLOSE` goes to each relay. With no filters or no relays it ends at once.
    /// - Parameters:
    ///   - filters: what to receive.
    ///   - relays: where to listen (duplicates count once).
    /// - Returns: the events; ``NostrRelayPoolConfiguration/subscriptionBuffer`` are kept for a busy consumer.
    package nonisolated func subscribe(
        _ filters: [NostrFilter], on relays: [NostrRelayURL]
    ) -> AsyncStream<NostrEvent> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: NostrEvent.self, bufferingPolicy: .bufferingNewest(configuration.subscriptionBuffer))
        let key = UUID()
        continuation.onTermination = { [weak self] _ in
            Task { await self?.endSubscription(key) }
        }
        let targets = Self.unique(relays)
        Task { await self.startSubscription(key, filters: filters, relays: targets, continuation: continuation) }
        return stream
    }

    private func startSubscription(
        _ key: UUID, filters: [NostrFilter], relays: [NostrRelayURL],
        continuation: AsyncStream<NostrEvent>.Continuation
    ) async {
        if case .ended = subscriptions[key] {
            subscriptions[key] = nil
            return
        }
        guard !isShutdown, !filters.isEmpty, !relays.isEmpty else {
            subscriptions[key] = .ended
            continuation.finish()
            return
        }
        subscriptions[key] = .starting
        let seen = NostrSeenEvents()
        var parts: [(NostrRelayConnection, String)] = []
        for case (_, let connection?) in connections(for: relays) {
            let id = NostrSubscriptionID.random()
            parts.append((connection, id))
            await connection.open(id, filters: filters, persistent: true) { signal in
                if case .event(let event) = signal, seen.insert(event.id) { continuation.yield(event) }
            }
        }
        guard case .starting = subscriptions[key] else {
            // Ended (or the pool shut down) while opening.
            subscriptions[key] = nil
            for (connection, id) in parts { await connection.close(id) }
            continuation.finish()
            return
        }
        subscriptions[key] = .live(continuation, parts)
        logger.debug("subscribed", metadata: ["relays": "\(parts.count)", "filters": "\(filters.count)"])
    }

    /// The consumer stopped listening (or the pool shut down): `CLOSE` on each relay.
    private func endSubscription(_ key: UUID) async {
        switch subscriptions[key] {
        case nil, .starting:
            // Not started yet, or still opening: the start sees this and cleans up.
            if !isShutdown { subscriptions[key] = .ended }
        case .ended:
            subscriptions[key] = nil
        case .live(_, let parts):
            subscriptions[key] = nil
            for (connection, id) in parts { await connection.close(id) }
            logger.debug("unsubscribed", metadata: ["relays": "\(parts.count)"])
        }
    }
}
