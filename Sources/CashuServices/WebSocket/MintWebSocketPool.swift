// NUT-17 — WebSockets: one WebSocket client per mint behind a single SubscriptionTransport for a multi-mint wallet.

import CoreCashu
import Logging
import NIOCore
import NIOPosix

/// The `SubscriptionTransport` a multi-mint `Wallet` uses: a ``MintWebSocketClient`` per mint, made on first
/// use, all on one event loop group. ``shutdown()`` closes them all.
package actor MintWebSocketPool: SubscriptionTransport {
    /// The configuration every client gets.
    package nonisolated let configuration: WebSocketConfiguration
    let group: any EventLoopGroup
    let logger: Logger
    var clients: [MintURL: MintWebSocketClient] = [:]
    let proxy: @Sendable (MintURL) -> NetworkProxy?
    var isShutdown = false

    /// Creates a pool; nothing connects until a subscription.
    /// - Parameters:
    ///   - configuration: timeouts, keepalive and reconnection of every client.
    ///   - eventLoopGroup: shared by every client (by default the process-wide singleton).
    ///   - logger: where the clients log.
    ///   - proxy: the proxy each mint's client connects through (`nil`: direct), asked when the client is made.
    package init(
        configuration: WebSocketConfiguration = .default,
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "cashu.websocket", factory: { _ in SwiftLogNoOpLogHandler() }),
        proxy: @escaping @Sendable (MintURL) -> NetworkProxy? = { _ in nil }
    ) {
        self.proxy = proxy
        self.configuration = configuration
        self.group = eventLoopGroup
        self.logger = logger
    }

    /// The client of a mint, made on first use (to follow its ``MintWebSocketClient/stateUpdates()``).
    /// - Throws: `SubscriptionError` `shutdown`, or `unsupported` for a mint URL with no WebSocket form.
    package func client(for mint: MintURL) throws(SubscriptionError) -> MintWebSocketClient {
        guard !isShutdown else { throw SubscriptionError(.shutdown, "the WebSocket pool was shut down") }
        if let client = clients[mint] { return client }
        let client = try MintWebSocketClient(
            mint: mint, configuration: configuration, eventLoopGroup: group, logger: logger, proxy: proxy(mint))
        clients[mint] = client
        return client
    }

    /// Subscribes through the mint's client (see ``MintWebSocketClient/subscribe(_:)``).
    package func subscribe(_ request: SubscriptionRequest) async throws(SubscriptionError)
        -> AsyncStream<NotificationPayload>
    {
        try await client(for: request.mint).subscribe(request)
    }

    /// Shuts the mint's client down and forgets it (its way changed); the next subscription makes a new one.
    package func drop(_ mint: MintURL) async {
        guard let client = clients.removeValue(forKey: mint) else { return }
        await client.shutdown()
    }

    /// Shuts every client down. Idempotent.
    package func shutdown() async {
        isShutdown = true
        let all = clients
        clients = [:]
        for client in all.values { await client.shutdown() }
    }
}
