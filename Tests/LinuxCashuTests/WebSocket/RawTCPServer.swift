// Test support: a loopback TCP server that misbehaves below WebSocket (closes at once, hangs, answers garbage).

import Foundation
import NIOCore
import NIOPosix

/// A TCP server on a free loopback port whose every connection gets the same treatment.
final class RawTCPServer: Sendable {
    /// What the server does with a connection.
    enum Behaviour: Sendable {
        /// Closes it at once, before any HTTP answer.
        case close
        /// Accepts and never says anything.
        case hang
        /// Answers the HTTP upgrade request with bytes that are not HTTP, then closes.
        case garbage
    }

    private let channel: any Channel
    private let connections: ConnectionCounter

    /// The port it listens on.
    var port: Int { channel.localAddress?.port ?? 0 }

    /// How many connections are open right now.
    var openConnections: Int { connections.open }

    private init(channel: any Channel, connections: ConnectionCounter) {
        self.channel = channel
        self.connections = connections
    }

    static func start(_ behaviour: Behaviour) async throws -> RawTCPServer {
        let counter = ConnectionCounter()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                counter.opened(channel)
                return channel.pipeline.addHandler(RawBehaviourHandler(behaviour: behaviour))
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return RawTCPServer(channel: channel, connections: counter)
    }

    /// Closes the listener and every connection still open.
    func stop() async {
        try? await channel.close()
        await connections.closeAll()
    }
}

/// Counts (and can close) a server's accepted connections.
final class ConnectionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var channels: [ObjectIdentifier: any Channel] = [:]

    func opened(_ channel: any Channel) {
        lock.withLock { channels[ObjectIdentifier(channel)] = channel }
        channel.closeFuture.whenComplete { _ in
            _ = self.lock.withLock { self.channels.removeValue(forKey: ObjectIdentifier(channel)) }
        }
    }

    var open: Int { lock.withLock { channels.count } }

    func closeAll() async {
        let all = lock.withLock { Array(channels.values) }
        for channel in all { try? await channel.close() }
    }
}

private final class RawBehaviourHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    let behaviour: RawTCPServer.Behaviour

    init(behaviour: RawTCPServer.Behaviour) { self.behaviour = behaviour }

    func channelActive(context: ChannelHandlerContext) {
        if case .close = behaviour { context.close(promise: nil) }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .garbage = behaviour else { return }
        let buffer = context.channel.allocator.buffer(string: "\u{1}\u{2}not http at all\r\n\r\n\u{0}")
        context.write(wrapOutboundOut(buffer), promise: nil)
        context.flush()
        context.close(mode: .output, promise: nil)
    }
}
