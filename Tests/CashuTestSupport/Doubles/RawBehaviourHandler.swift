// Test support: the channel handler of RawTCPServer, giving each connection the server's treatment.

import NIOCore

/// Closes, ignores or answers garbage on a connection, as its ``RawTCPServer/Behaviour`` says.
final class RawBehaviourHandler: ChannelInboundHandler, Sendable {
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
