// NIP-01 — the relay pool: publish to, fetch from and subscribe on several relays over WebSockets (websocket-kit),
// one connection per relay shared by everything, every event verified and matched against the filters asked.

import CashuNostr
import CoreCashu
import Foundation
import Logging
import NIOCore
import NIOPosix

/// The `NostrRelayAccess` of the wallet's Nostr features: WebSocket connections to relays, made on first use.
///
/// Each relay gets one connection, shared by every publish, fetch and subscription (NIP-01). Every event a relay sends
/// is checked before anyone sees it: it must match the filters asked for and verify (`NostrEvent/verify()`);
/// others are dropped, as are duplicates (by id). Every wait is bounded (``NostrRelayPoolConfiguration``). Nothing
/// of an event's contents, nor any key, is logged: only relay URLs (without query), kinds, counts and outcomes.
///
/// Call ``shutdown()`` when done: it ends every subscription and closes the sockets.
package actor NostrRelayPool: NostrRelayAccess {
    /// The pool's bounds.
    package nonisolated let configuration: NostrRelayPoolConfiguration
    /// The proxy every connection goes through, if any.
    package nonisolated let proxy: NetworkProxy?
    nonisolated let group: any EventLoopGroup
    nonisolated let logger: Logger
    var connections: [NostrRelayURL: NostrRelayConnection] = [:]
    var subscriptions: [UUID: SubscriptionState] = [:]
    var isShutdown = false

    /// Creates a pool; nothing connects until a relay is used.
    /// - Parameters:
    ///   - configuration: timeouts, keepalive, reconnection and limits.
    ///   - eventLoopGroup: the NIO event loops (by default the process-wide singleton).
    ///   - logger: fixed messages with relay URLs, kinds, counts and outcomes as metadata.
    ///   - proxy: the proxy to connect through (SOCKS5 or HTTP CONNECT); `nil`: direct.
    package init(
        configuration: NostrRelayPoolConfiguration = .default,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "cashu.nostr", factory: { _ in SwiftLogNoOpLogHandler() }),
        proxy: NetworkProxy? = nil
    ) {
        self.configuration = configuration
        self.group = eventLoopGroup
        self.logger = logger
        self.proxy = proxy
    }

    /// Publishes `event` to each relay and waits, for each at most ``NostrRelayPoolConfiguration/publishTimeout``
    /// (plus the connect timeout when it connects first), for its `OK`.
    ///
    /// A relay that already had the event (`duplicate:`) counts as accepted. Never throws: the report says what each
    /// relay answered.
    /// - Parameters:
    ///   - event: a signed event.
    ///   - relays: where to publish it (duplicates count once).
    /// - Returns: each relay's outcome.
    package nonisolated func publish(_ event: NostrEvent, to relays: [NostrRelayURL]) async -> NostrPublishReport {
        let targets = Self.unique(relays)
        guard let text = try? NostrClientMessage.event(event).encoded() else {
            let outcomes = targets.map { ($0, NostrRelayOutcome.refused("invalid: the event cannot be encoded")) }
            return NostrPublishReport(eventID: event.id, outcomes: Dictionary(uniqueKeysWithValues: outcomes))
        }
        let pairs = await connections(for: targets)
        let outcomes = await withTaskGroup(of: (NostrRelayURL, NostrRelayOutcome).self) { tasks in
            for (relay, connection) in pairs {
                tasks.addTask {
                    guard let connection else { return (relay, .unreachable("the relay pool was shut down")) }
                    return (relay, await connection.publish(event, text: text))
                }
            }
            var outcomes: [NostrRelayURL: NostrRelayOutcome] = [:]
            for await (relay, outcome) in tasks { outcomes[relay] = outcome }
            return outcomes
        }
        let report = NostrPublishReport(eventID: event.id, outcomes: outcomes)
        logger.debug(
            "published an event",
            metadata: ["kind": "\(event.kind)", "relays": "\(targets.count)", "accepted": "\(report.accepted.count)"])
        return report
    }

    /// Shuts down: ends every subscription's stream, fails what waits, closes every connection (waiting at most
    /// ``NostrRelayPoolConfiguration/closeTimeout`` for each). Idempotent.
    package func shutdown() async {
        guard !isShutdown else { return }
        isShutdown = true
        let live = subscriptions
        subscriptions = [:]
        for state in live.values {
            if case .live(let continuation, _) = state { continuation.finish() }
        }
        let all = connections
        connections = [:]
        await withTaskGroup(of: Void.self) { tasks in
            for connection in all.values { tasks.addTask { await connection.shutdown() } }
        }
        logger.debug("relay pool shut down", metadata: ["relays": "\(all.count)"])
    }

    /// The connection of each relay, made on first use (`nil` once shut down).
    func connections(for relays: [NostrRelayURL]) -> [(NostrRelayURL, NostrRelayConnection?)] {
        relays.map { relay in
            guard !isShutdown else { return (relay, nil) }
            if let connection = connections[relay] { return (relay, connection) }
            let connection = NostrRelayConnection(
                relay: relay, configuration: configuration, group: group, logger: logger, proxy: proxy)
            connections[relay] = connection
            return (relay, connection)
        }
    }

    /// The relays once each, in order.
    nonisolated static func unique(_ relays: [NostrRelayURL]) -> [NostrRelayURL] {
        var seen: Set<NostrRelayURL> = []
        return relays.filter { seen.insert($0).inserted }
    }
}
