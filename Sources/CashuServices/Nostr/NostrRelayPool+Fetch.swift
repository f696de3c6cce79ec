// NIP-01 — fetching stored events: a REQ to each relay, collected until every relay sent EOSE (or CLOSED, or failed)
// or the timeout, then CLOSE.

import CashuNostr
import Foundation
import Logging

extension NostrRelayPool {
    /// What a fetch waits for: one relay's news, or its deadline.
    private enum FetchSignal: Sendable {
        case relay(NostrRelayURL, NostrRelaySignal)
        case deadline
    }

    /// Asks each relay for its stored events matching any of `filters` and collects them until every relay has sent
    /// `EOSE`, closed the request, or failed, or `timeout` has passed; then closes the requests.
    ///
    /// Events are verified, matched against `filters` and de-duplicated by id; of a replaceable or addressable event
    /// only the newest version is kept; at most ``NostrRelayPoolConfiguration/maxEventsPerFetch`` are kept. A
    /// cancelled fetch returns what it has.
    /// - Parameters:
    ///   - filters: what to ask for (none: nothing is asked, the result is empty).
    ///   - relays: whom to ask (duplicates count once).
    ///   - timeout: the longest the whole fetch takes, connecting included.
    /// - Returns: the events, newest first, and each relay's outcome (`accepted` once it sent `EOSE`).
    /// - Throws: `NostrError` `.relayUnreachable` when there is no relay to ask or none could be reached.
    package nonisolated func fetch(
        _ filters: [NostrFilter], from relays: [NostrRelayURL], timeout: Duration
    ) async throws(NostrError) -> NostrFetchResult {
        let targets = Self.unique(relays)
        guard !targets.isEmpty else { throw NostrError(.relayUnreachable, "no relay to fetch from") }
        guard !filters.isEmpty else { return NostrFetchResult(events: [], outcomes: [:]) }
        let (signals, continuation) = AsyncStream.makeStream(of: FetchSignal.self)
        var collector = NostrFetchCollector(relays: targets, maxEvents: configuration.maxEventsPerFetch)
        var requests: [(NostrRelayURL, NostrRelayConnection, String)] = []
        for (relay, connection) in await connections(for: targets) {
            guard let connection else {
                collector.finished(relay, .unreachable("the relay pool was shut down"))
                continue
            }
            let id = NostrSubscriptionID.random()
            requests.append((relay, connection, id))
            await connection.open(id, filters: filters, persistent: false) { signal in
                continuation.yield(.relay(relay, signal))
            }
        }
        let deadline = Task {
            do { try await Task.sleep(for: timeout) } catch { return }
            continuation.yield(.deadline)
        }
        for await signal in signals {
            switch signal {
            case .deadline:
                collector.expire()
            case .relay(let relay, .requested):
                collector.requested(relay)
            case .relay(let relay, .event(let event)):
                collector.received(event, from: relay)
            case .relay(let relay, .endOfStoredEvents):
                collector.finished(relay, .accepted(""))
                if let request = requests.first(where: { $0.0 == relay }) { await request.1.close(request.2) }
            case .relay(let relay, .closed(let reason)):
                collector.finished(relay, .refused(reason))
            case .relay(let relay, .failed(let reason)):
                collector.finished(relay, .unreachable(reason))
            }
            if collector.isComplete { break }
        }
        deadline.cancel()
        continuation.finish()
        // Cancelled: what arrived so far.
        collector.expire()
        for (_, connection, id) in requests { await connection.close(id) }
        let result = try collector.result()
        logger.debug(
            "fetched events",
            metadata: [
                "relays": "\(targets.count)", "events": "\(result.events.count)",
                "answered": "\(result.outcomes.values.filter(\.isAccepted).count)", "dropped": "\(collector.dropped)",
            ])
        return result
    }
}
