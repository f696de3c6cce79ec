// NUT-17 — WebSockets: opening a mint's WebSocket through a SOCKS5 proxy (websocket-kit speaks HTTP CONNECT
// proxies only): SOCKS handshake naming the host (resolved by the proxy), TLS for wss, then the HTTP upgrade.

import CoreCashu
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSOCKS
import NIOSSL
import NIOWebSocket
import WebSocketKit

/// Connects a WebSocket to `url` through a SOCKS5 proxy and hands the upgraded socket to `onUpgrade`.
enum SOCKSWebSocketDialer {
    /// The connection attempt; fails when the proxy, the tunnel, TLS or the upgrade fails.
    static func connect(
        to url: URL, through proxy: NetworkProxy, configuration: WebSocket.Configuration, maxFrameSize: Int,
        group: any EventLoopGroup, onUpgrade: @escaping @Sendable (WebSocket) -> Void
    ) -> EventLoopFuture<Void> {
        let eventLoop = group.any()
        guard let host = url.host, let scheme = url.scheme?.lowercased(), scheme == "ws" || scheme == "wss" else {
            return eventLoop.makeFailedFuture(ChannelError.badInterfaceAddressFamily)
        }
        let secure = scheme == "wss"
        let port = url.port ?? (secure ? 443 : 80)
        var path = url.path.isEmpty ? "/" : url.path
        if let query = url.query { path += "?" + query }
        let tunnel = eventLoop.makePromise(of: Void.self)
        let upgraded = eventLoop.makePromise(of: Void.self)
        let socks = SOCKSClientHandler(targetAddress: .domain(host, port: port))
        let bootstrap = ClientBootstrap(group: eventLoop).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(socks)
                try channel.pipeline.syncOperations.addHandler(TunnelWatcher(tunnel: tunnel))
            }
        }
        let attempt = bootstrap.connect(host: proxy.host, port: proxy.port).flatMap { channel in
            tunnel.futureResult.flatMap { () -> EventLoopFuture<Void> in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if secure {
                        let context = try NIOSSLContext(configuration: .makeClientConfiguration())
                        let tls = try NIOSSLClientHandler(context: context, serverHostname: host)
                        try sync.addHandler(tls, position: .first)
                    }
                    let upgrader = NIOWebSocketClientUpgrader(
                        maxFrameSize: maxFrameSize, automaticErrorHandling: true,
                        upgradePipelineHandler: { channel, _ in
                            WebSocket.client(on: channel, config: configuration, onUpgrade: onUpgrade)
                        })
                    try sync.addHTTPClientHandlers(
                        leftOverBytesStrategy: .forwardBytes,
                        withClientUpgrade: (upgraders: [upgrader], completionHandler: { _ in upgraded.succeed(()) }))
                }.flatMap {
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: url.port.map { "\(host):\($0)" } ?? host)
                    headers.add(name: "Content-Length", value: "0")
                    let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: path, headers: headers)
                    channel.write(HTTPClientRequestPart.head(head), promise: nil)
                    return channel.writeAndFlush(HTTPClientRequestPart.end(nil))
                }.flatMap {
                    channel.closeFuture.whenComplete { _ in
                        upgraded.fail(ChannelError.ioOnClosedChannel)
                    }
                    return upgraded.futureResult
                }
            }.flatMapError { error in
                channel.close(promise: nil)
                return channel.eventLoop.makeFailedFuture(error)
            }
        }
        // Every way this ends completes both promises (a second completion is ignored).
        attempt.whenFailure { error in
            tunnel.fail(error)
            upgraded.fail(error)
        }
        return attempt
    }

    /// Completes `tunnel` once the proxy has opened the way (or fails it with the handshake's error).
    private final class TunnelWatcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        private let tunnel: EventLoopPromise<Void>

        init(tunnel: EventLoopPromise<Void>) { self.tunnel = tunnel }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if event is SOCKSProxyEstablishedEvent {
                tunnel.succeed(())
                context.pipeline.syncOperations.removeHandler(self, promise: nil)
            }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            tunnel.fail(error)
            context.fireErrorCaught(error)
        }

        func channelInactive(context: ChannelHandlerContext) {
            tunnel.fail(ChannelError.ioOnClosedChannel)
            context.fireChannelInactive()
        }
    }
}
