// NUT-17 — WebSockets: the client of one mint's `/v1/ws` — JSON-RPC subscriptions delivered as `AsyncStream`s,
// kept alive across reconnections (backoff with jitter, then resubscription of every live subscription).

import CoreCashu
import Foundation
import Logging
import NIOCore
import NIOPosix
import WebSocketKit

/// A NUT-17 WebSocket client for one mint, and the `SubscriptionTransport` a `Wallet` waits through.
///
/// It connects lazily (on the first subscription), probes the connection with a ping before it counts as
/// connected, and pings to keep it alive. Each ``subscribe(_:)`` gets its own stream; when a connection is lost
/// while subscriptions are live, it reconnects with exponential backoff and jitter and subscribes them again (the
/// mint then sends their current state, so nothing is missed). After
/// ``WebSocketConfiguration/maxReconnectAttempts`` failed attempts it gives up (``ConnectionState/failed(_:)``)
/// and finishes the streams, and their consumers poll. Call ``shutdown()`` when done: it closes the socket.
///
/// Messages that are not JSON-RPC, or answer nothing the client asked, are ignored with a debug log: a mint (or
/// anyone in its place) cannot crash the client, and notifications are only hints (see `SubscriptionTransport`).
package actor MintWebSocketClient: SubscriptionTransport {
    /// The mint served.
    package nonisolated let mint: MintURL
    /// `ws(s)://<mint>/v1/ws`.
    package nonisolated let endpoint: URL
    /// The client's bounds.
    package nonisolated let configuration: WebSocketConfiguration
    /// The proxy it connects through, if any.
    package nonisolated let proxy: NetworkProxy?
    let group: any EventLoopGroup
    let logger: Logger

    /// The connection's state (see ``stateUpdates()`` to follow it).
    package internal(set) var state: ConnectionState = .disconnected
    var observers: [UUID: AsyncStream<ConnectionState>.Continuation] = [:]
    /// The open connection, if any, and its generation (bumped per connection, so late events of an old one
    /// are told apart).
    var connection: WebSocketConnection?
    var generation = 0
    var connecting: Task<Result<Int, SubscriptionError>, Never>?
    var reconnecting: Task<Void, Never>?
    var reader: Task<Void, Never>?
    var idleWatch: Task<Void, Never>?
    var lastHeard = ContinuousClock.now
    var nextRequestID: Int64 = 1
    var pending: [Int64: OneShot<Result<WsResponse.Result, SubscriptionError>>] = [:]
    var live: [String: LiveSubscription] = [:]
    var isShutdown = false

    /// Creates a client; nothing connects until the first subscription (or ``connect()``).
    /// - Parameters:
    ///   - mint: the mint; its `http`/`https` URL gives `ws`/`wss` and the path `/v1/ws`.
    ///   - configuration: timeouts, keepalive and reconnection.
    ///   - eventLoopGroup: the NIO event loops; by default the process-wide singleton, which async-http-client's
    ///     default (and so `HTTPMintConnector/makeHTTPClient(timeouts:proxy:)`) also uses: one set of threads.
    ///   - logger: fixed messages; never quote ids, filters or message bodies.
    ///   - proxy: the proxy to connect through (SOCKS5 or HTTP CONNECT); `nil`: direct.
    /// - Throws: `SubscriptionError` `unsupported` when no WebSocket URL can be made from the mint's URL.
    package init(
        mint: MintURL, configuration: WebSocketConfiguration = .default,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "cashu.websocket", factory: { _ in SwiftLogNoOpLogHandler() }),
        proxy: NetworkProxy? = nil
    ) throws(SubscriptionError) {
        guard let endpoint = Self.endpoint(for: mint) else {
            throw SubscriptionError(.unsupported, "no WebSocket URL for mint \(mint)")
        }
        self.mint = mint
        self.endpoint = endpoint
        self.proxy = proxy
        self.configuration = configuration
        self.group = eventLoopGroup
        var logger = logger
        logger[metadataKey: "mint"] = "\(mint)"
        self.logger = logger
    }

    /// The NUT-17 endpoint of a mint: `http` → `ws`, `https` → `wss`, path + `/v1/ws`.
    package static func endpoint(for mint: MintURL) -> URL? {
        let raw = mint.rawValue
        let converted: String
        if raw.hasPrefix("https://") {
            converted = "wss://" + raw.dropFirst("https://".count)
        } else if raw.hasPrefix("http://") {
            converted = "ws://" + raw.dropFirst("http://".count)
        } else {
            return nil
        }
        return URL(string: converted + "/v1/ws")
    }

    /// Subscribes to updates of a request's objects (see `SubscriptionTransport/subscribe(_:)`).
    ///
    /// Connects first if needed. The stream starts with the current state the mint sends, survives reconnections,
    /// and finishes when the client gives up, the mint refuses the resubscription, or the client shuts down.
    /// Stop iterating it (or drop it) to unsubscribe.
    /// - Throws: `SubscriptionError`: `unsupported` (another mint, an unknown kind), `connectTimeout`,
    ///   `unreachable`, `timeout`, `rejected` (the mint's JSON-RPC error, code kept), `connectionLost`, `shutdown`.
    package func subscribe(_ request: SubscriptionRequest) async throws(SubscriptionError)
        -> AsyncStream<NotificationPayload>
    {
        guard !isShutdown else { throw SubscriptionError(.shutdown, "the WebSocket client was shut down") }
        guard request.mint == mint else {
            throw SubscriptionError(.unsupported, "this WebSocket client serves \(mint), not \(request.mint)")
        }
        if case .unknown(let name) = request.kind {
            throw SubscriptionError(.unsupported, "cannot decode notifications of kind \(name)")
        }
        let subId = SubscriptionID.make()
        let (stream, continuation) = AsyncStream.makeStream(
            of: NotificationPayload.self, bufferingPolicy: .bufferingNewest(configuration.notificationBuffer))
        live[subId] = LiveSubscription(
            kind: request.kind, filters: request.filters, continuation: continuation, activeGeneration: nil)
        continuation.onTermination = { [weak self] _ in
            Task { await self?.consumerStopped(subId) }
        }
        do {
            try await activate(subId)
        } catch {
            live[subId] = nil
            continuation.finish()
            if live.isEmpty && reconnecting == nil && connection == nil && !isShutdown {
                setState(.failed(error.code))
            }
            logger.debug("subscribe failed", metadata: ["kind": "\(request.kind)", "error": "\(error.code)"])
            throw error
        }
        logger.debug("subscribed", metadata: ["kind": "\(request.kind)"])
        return stream
    }

    /// Connects now (subscriptions connect by themselves; this checks a mint's WebSocket up front).
    /// - Throws: `SubscriptionError` `connectTimeout`, `unreachable`, `shutdown`.
    package func connect() async throws(SubscriptionError) {
        _ = try await ensureConnected(attempt: 0)
    }

    /// The state now, then every change, until the client shuts down.
    package func stateUpdates() -> AsyncStream<ConnectionState> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ConnectionState.self, bufferingPolicy: .bufferingNewest(32))
        continuation.yield(state)
        guard !isShutdown else {
            continuation.finish()
            return stream
        }
        let key = UUID()
        observers[key] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(key) }
        }
        return stream
    }

    /// How many subscriptions have a listening consumer.
    package var subscriptionCount: Int { live.count }

    /// How many of them the mint has accepted on the current connection.
    var activeSubscriptionCount: Int {
        guard connection != nil else { return 0 }
        return live.values.filter { $0.acceptedGeneration == generation }.count
    }

    /// Shuts down: finishes every subscription's stream, fails requests in flight, closes the socket (waiting at
    /// most ``WebSocketConfiguration/closeTimeout`` for the close handshake). Idempotent.
    package func shutdown() async {
        guard !isShutdown else { return }
        isShutdown = true
        reconnecting?.cancel()
        let subscriptions = live
        live = [:]
        for subscription in subscriptions.values { subscription.continuation.finish() }
        for waiter in pending.values {
            waiter.complete(.failure(SubscriptionError(.shutdown, "the WebSocket client was shut down")))
        }
        setState(.closed)
        for observer in observers.values { observer.finish() }
        observers = [:]
        // A connection being opened right now is closed by `adopt` (it sees `isShutdown`).
        if let connecting { _ = await connecting.value }
        let open = connection
        dropConnection()
        if let open { await open.close(timeout: configuration.closeTimeout) }
        logger.debug("WebSocket client shut down")
    }

    func setState(_ new: ConnectionState) {
        guard new != state, state != .closed || new == .closed else { return }
        state = new
        for observer in observers.values { observer.yield(new) }
    }

    func removeObserver(_ key: UUID) {
        observers[key] = nil
    }
}
