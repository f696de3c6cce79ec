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
    /// The connection attempt; fails when the proxy, the tunnel, TLS or the upgrade fails, or `deadline` passes
    /// first (the channel is then closed, never left open).
    static func connect(
        to url: URL, through proxy: NetworkProxy, configuration: WebSocket.Configuration, maxFrameSize: Int,
        deadline: NIODeadline, group: any EventLoopGroup, onUpgrade: @escaping @Sendable (WebSocket) -> Void
    ) -> EventLoopFuture<Void> {
        let eventLoop = group.any()
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false), let host = components.host,
            let scheme = components.scheme?.lowercased(), scheme == "ws" || scheme == "wss"
        else {
            return eventLoop.makeFailedFuture(ChannelError.badInterfaceAddressFamily)
        }
        let secure = scheme == "wss"
        let port = components.port ?? (secure ? 443 : 80)
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        let path = (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + query
        let literal = host.contains(":") || host.allSatisfy { $0.isNumber || $0 == "." }
        let hostHeader = (host.contains(":") ? "[\(host)]" : host) + (components.port.map { ":\($0)" } ?? "")
        let tunnel = eventLoop.makePromise(of: Void.self)
        let upgraded = eventLoop.makePromise(of: Void.self)
        let bootstrap = ClientBootstrap(group: eventLoop).connectTimeout(.seconds(10)).channelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                // One handshake per connection attempt.
                try channel.pipeline.syncOperations.addHandler(
                    SOCKSClientHandler(targetAddress: .domain(host, port: port)))
                try channel.pipeline.syncOperations.addHandler(TunnelWatcher(tunnel: tunnel))
            }
        }
        let attempt = bootstrap.connect(host: proxy.host, port: proxy.port).flatMap { channel in
            // Past the deadline the attempt is over, and so is its channel.
            let expiry = channel.eventLoop.scheduleTask(deadline: deadline) {
                upgraded.fail(ChannelError.connectTimeout(.zero))
                channel.close(promise: nil)
            }
            upgraded.futureResult.whenComplete { _ in expiry.cancel() }
            return tunnel.futureResult.flatMap { () -> EventLoopFuture<Void> in
                channel.eventLoop.makeCompletedFuture {
                    let sync = channel.pipeline.syncOperations
                    if secure {
                        let context = try NIOSSLContext(configuration: .makeClientConfiguration())
                        let tls = try NIOSSLClientHandler(context: context, serverHostname: literal ? nil : host)
                        try sync.addHandler(tls, position: .first)
                    }
                    let refusal = UpgradeRefusalWatcher(upgraded: upgraded)
                    // The completion handler runs on the channel's loop, where the handler may be used.
                    let refusalOnLoop = NIOLoopBound(refusal, eventLoop: channel.eventLoop)
                    let upgrader = NIOWebSocketClientUpgrader(
                        maxFrameSize: maxFrameSize, automaticErrorHandling: true,
                        upgradePipelineHandler: { channel, _ in
                            WebSocket.client(on: channel, config: configuration, onUpgrade: onUpgrade)
                        })
                    try sync.addHTTPClientHandlers(
                        leftOverBytesStrategy: .forwardBytes,
                        withClientUpgrade: (
                            upgraders: [upgrader],
                            completionHandler: { context in
                                upgraded.succeed(())
                                context.pipeline.syncOperations.removeHandler(refusalOnLoop.value, promise: nil)
                            }
                        ))
                    try sync.addHandler(refusal)
                }.flatMap {
                    var headers = HTTPHeaders()
                    headers.add(name: "Host", value: hostHeader)
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

    /// An HTTP answer reaching the end of the pipeline means the mint did not upgrade (a 101 is consumed by the
    /// upgrader, which removes this handler): the attempt fails and the channel closes.
    private final class UpgradeRefusalWatcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = HTTPClientResponsePart

        private let upgraded: EventLoopPromise<Void>

        init(upgraded: EventLoopPromise<Void>) { self.upgraded = upgraded }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            if case .head(let head) = unwrapInboundIn(data) {
                let refusal = SubscriptionError(.unreachable, "the mint refused the WebSocket upgrade (\(head.status))")
                upgraded.fail(refusal)
                context.close(promise: nil)
            }
        }
    }
}
