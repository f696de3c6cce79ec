// Test support: a loopback TCP listener on a free port that keeps (and can close) every connection it accepted.

import Foundation
import NIOCore
import NIOPosix

/// The listening side shared by the misbehaving test servers: bind, count connections, stop.
package final class LoopbackListener: Sendable {
    private let channel: any Channel
    private let connections: ConnectionCounter

    /// The port it listens on.
    package var port: Int { channel.localAddress?.port ?? 0 }

    /// How many connections are open right now.
    package var openConnections: Int { connections.open }

    private init(channel: any Channel, connections: ConnectionCounter) {
        self.channel = channel
        self.connections = connections
    }

    /// Listens on 127.0.0.1; `initialize` sets up each accepted connection's pipeline.
    package static func start(
        _ initialize: @escaping @Sendable (any Channel) -> EventLoopFuture<Void>
    ) async throws -> LoopbackListener {
        let counter = ConnectionCounter()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                counter.opened(channel)
                return initialize(channel)
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return LoopbackListener(channel: channel, connections: counter)
    }

    /// Closes the listener and every connection still open.
    package func stop() async {
        try? await channel.close()
        await connections.closeAll()
    }
}
