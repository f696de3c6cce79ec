// NUT-17 — WebSockets: the bounds of the mint WebSocket client (timeouts, keepalive, reconnection, frame sizes).

/// Timeouts, keepalive and reconnection settings of a `MintWebSocketClient`.
///
/// Every wait the client makes is bounded by one of these; none is infinite.
package struct WebSocketConfiguration: Sendable {
    /// TCP connect, HTTP upgrade and the ping/pong probe together, per attempt.
    package var connectTimeout: Duration
    /// Writing one frame to the socket.
    package var sendTimeout: Duration
    /// The mint's JSON-RPC answer to a `subscribe` or `unsubscribe`.
    package var responseTimeout: Duration
    /// How often the client pings the mint; a ping not answered by the next one closes the connection (and a
    /// reconnection follows while subscriptions are live). `nil` disables pings.
    package var pingInterval: Duration?
    /// The longest silence (no frame of any kind, pongs included) before the connection is taken as dead.
    package var idleTimeout: Duration
    /// How long shutting down waits for the mint to confirm the close before the socket is dropped.
    package var closeTimeout: Duration
    /// The delays between reconnection attempts.
    package var backoff: ReconnectBackoff
    /// Reconnection attempts after a lost connection before the client gives up (state `failed`) and finishes the
    /// live subscriptions' streams, so their consumers poll instead. `nil` retries for as long as there are
    /// subscriptions.
    package var maxReconnectAttempts: Int?
    /// The largest frame (and message) accepted from the mint, in bytes.
    package var maxFrameSize: Int
    /// Notifications kept per subscription while its consumer is busy (the oldest are dropped beyond).
    package var notificationBuffer: Int

    /// Creates a configuration.
    /// - Parameters:
    ///   - connectTimeout: TCP connect, upgrade and probe, per attempt.
    ///   - sendTimeout: writing one frame.
    ///   - responseTimeout: waiting for a JSON-RPC answer.
    ///   - pingInterval: keepalive pings (`nil` disables).
    ///   - idleTimeout: the longest silence before the connection counts as dead.
    ///   - closeTimeout: waiting for the close handshake.
    ///   - backoff: delays between reconnection attempts.
    ///   - maxReconnectAttempts: attempts before giving up (`nil`: no limit).
    ///   - maxFrameSize: the largest frame accepted, in bytes.
    ///   - notificationBuffer: notifications kept per subscription.
    package init(
        connectTimeout: Duration = .seconds(10), sendTimeout: Duration = .seconds(10),
        responseTimeout: Duration = .seconds(10), pingInterval: Duration? = .seconds(25),
        idleTimeout: Duration = .seconds(90), closeTimeout: Duration = .seconds(2),
        backoff: ReconnectBackoff = ReconnectBackoff(), maxReconnectAttempts: Int? = 8,
        maxFrameSize: Int = 1 << 20, notificationBuffer: Int = 256
    ) {
        let floor = Duration.milliseconds(10)
        self.connectTimeout = max(connectTimeout, floor)
        self.sendTimeout = max(sendTimeout, floor)
        self.responseTimeout = max(responseTimeout, floor)
        self.pingInterval = pingInterval.map { max($0, floor) }
        self.idleTimeout = max(idleTimeout, floor)
        self.closeTimeout = max(closeTimeout, floor)
        self.backoff = backoff
        self.maxReconnectAttempts = maxReconnectAttempts.map { max($0, 0) }
        self.maxFrameSize = min(max(maxFrameSize, 1 << 12), 1 << 26)
        self.notificationBuffer = min(max(notificationBuffer, 1), 1 << 16)
    }

    /// The defaults: 10 s to connect, send and be answered, pings every 25 s, 8 reconnection attempts.
    package static let `default` = WebSocketConfiguration()
}
