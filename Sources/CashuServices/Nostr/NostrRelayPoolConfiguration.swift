// NIP-01 — the bounds of the relay pool: timeouts, keepalive, reconnection, and the most it accepts from a relay.

/// Timeouts, keepalive, reconnection and size limits of a ``NostrRelayPool``.
///
/// Every wait the pool makes is bounded by one of these (or by the timeout a fetch is given); none is infinite.
package struct NostrRelayPoolConfiguration: Sendable {
    /// TCP connect, WebSocket upgrade and the ping/pong probe together, per attempt.
    package var connectTimeout: Duration
    /// How long a publish waits for each relay's `OK` (plus ``connectTimeout`` when it has to connect first).
    package var publishTimeout: Duration
    /// How often the pool pings a relay; a ping not answered by the next one closes the connection (and a
    /// reconnection follows while subscriptions are live). `nil` disables pings.
    package var pingInterval: Duration?
    /// How long closing waits for the relay to confirm before the socket is dropped.
    package var closeTimeout: Duration
    /// How long a connection nothing uses (no subscription, no publish waiting) stays open for the next request.
    package var idleConnectionTimeout: Duration
    /// The delays between reconnection attempts while subscriptions are live (they retry for as long as they are).
    package var backoff: ReconnectBackoff
    /// How far before the newest event already received a re-subscription after a reconnection asks again.
    package var resubscribeMargin: Duration
    /// The largest message (and WebSocket frame) accepted from a relay, in bytes; a larger frame closes the connection.
    package var maxMessageSize: Int
    /// The most events one fetch keeps; more are dropped.
    package var maxEventsPerFetch: Int
    /// Events kept per subscription while its consumer is busy (the oldest are dropped beyond).
    package var subscriptionBuffer: Int
    /// The most publishes waiting for one relay at a time; more are answered `unreachable` at once.
    package var maxPendingPublishes: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - connectTimeout: TCP connect, upgrade and probe, per attempt.
    ///   - publishTimeout: waiting for each relay's `OK`.
    ///   - pingInterval: keepalive pings (`nil` disables).
    ///   - closeTimeout: waiting for the close handshake.
    ///   - idleConnectionTimeout: how long an unused connection stays open.
    ///   - backoff: delays between reconnection attempts.
    ///   - resubscribeMargin: how far back a re-subscription asks again.
    ///   - maxMessageSize: the largest message accepted, in bytes.
    ///   - maxEventsPerFetch: the most events a fetch keeps.
    ///   - subscriptionBuffer: events kept per subscription for a busy consumer.
    ///   - maxPendingPublishes: publishes waiting per relay.
    package init(
        connectTimeout: Duration = .seconds(10), publishTimeout: Duration = .seconds(10),
        pingInterval: Duration? = .seconds(30), closeTimeout: Duration = .seconds(2),
        idleConnectionTimeout: Duration = .seconds(60), backoff: ReconnectBackoff = ReconnectBackoff(),
        resubscribeMargin: Duration = .seconds(60), maxMessageSize: Int = 1 << 20, maxEventsPerFetch: Int = 5000,
        subscriptionBuffer: Int = 1024, maxPendingPublishes: Int = 256
    ) {
        let floor = Duration.milliseconds(10)
        self.connectTimeout = max(connectTimeout, floor)
        self.publishTimeout = max(publishTimeout, floor)
        self.pingInterval = pingInterval.map { max($0, floor) }
        self.closeTimeout = max(closeTimeout, floor)
        self.idleConnectionTimeout = max(idleConnectionTimeout, floor)
        self.backoff = backoff
        self.resubscribeMargin = max(resubscribeMargin, .zero)
        self.maxMessageSize = min(max(maxMessageSize, 1 << 12), 1 << 26)
        self.maxEventsPerFetch = min(max(maxEventsPerFetch, 1), 1 << 20)
        self.subscriptionBuffer = min(max(subscriptionBuffer, 1), 1 << 16)
        self.maxPendingPublishes = min(max(maxPendingPublishes, 1), 1 << 16)
    }

    /// The defaults: 10 s to connect and to be answered, pings every 30 s, 1 MiB messages, 5000 events a fetch.
    package static let `default` = NostrRelayPoolConfiguration()

    /// The WebSocket settings of one relay connection.
    var webSocket: WebSocketConfiguration {
        WebSocketConfiguration(
            connectTimeout: connectTimeout, pingInterval: pingInterval, closeTimeout: closeTimeout, backoff: backoff,
            maxFrameSize: maxMessageSize)
    }

    /// The longest a publish waits for one relay: to connect, then for the `OK`.
    var publishBound: Duration { connectTimeout + publishTimeout }

    /// ``resubscribeMargin`` in whole seconds (rounded up).
    var resubscribeMarginSeconds: Int64 {
        let (seconds, attoseconds) = resubscribeMargin.components
        return seconds + (attoseconds > 0 ? 1 : 0)
    }
}
