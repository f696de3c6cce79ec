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

    private let listener: LoopbackListener

    /// The port it listens on.
    var port: Int { listener.port }

    /// How many connections are open right now.
    var openConnections: Int { listener.openConnections }

    private init(listener: LoopbackListener) { self.listener = listener }

    static func start(_ behaviour: Behaviour) async throws -> RawTCPServer {
        RawTCPServer(
            listener: try await LoopbackListener.start { channel in
                channel.pipeline.addHandler(RawBehaviourHandler(behaviour: behaviour))
            })
    }

    /// Closes the listener and every connection still open.
    func stop() async { await listener.stop() }
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
