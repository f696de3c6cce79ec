// Test support for the relay pool: the frame side of HostileRelay, answering pings, the close handshake, and each text
// message with the frames the test scripted.

import NIOCore
import NIOWebSocket

/// The frame side of ``HostileRelay``.
final class HostileRelayHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    private let answer: @Sendable (String) -> [HostileRelay.Frame]

    init(answer: @escaping @Sendable (String) -> [HostileRelay.Frame]) { self.answer = answer }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.opcode {
        case .ping:
            send(context, .pong, frame.unmaskedData)
        case .connectionClose:
            send(context, .connectionClose, frame.unmaskedData)
            context.close(promise: nil)
        case .text:
            var data = frame.unmaskedData
            for reply in answer(data.readString(length: data.readableBytes) ?? "") {
                switch reply {
                case .text(let text): send(context, .text, context.channel.allocator.buffer(string: text))
                case .binary(let bytes): send(context, .binary, context.channel.allocator.buffer(bytes: bytes))
                case .drop: context.close(promise: nil)
                }
            }
        default:
            break
        }
    }

    private func send(_ context: ChannelHandlerContext, _ opcode: WebSocketOpcode, _ data: ByteBuffer) {
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: data)), promise: nil)
    }
}
