// Test support: the frame side of ScriptedWebSocketServer, playing its script on each upgraded connection.

import Foundation
import NIOCore
import NIOWebSocket

/// The frame side of ``ScriptedWebSocketServer``.
final class ScriptedFrameHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    typealias OutboundOut = WebSocketFrame

    /// The generator point, compressed: a valid `Y` for a `proof_state` payload.
    static let generator = "0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"

    let script: ScriptedWebSocketServer.Script

    init(script: ScriptedWebSocketServer.Script) { self.script = script }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        if case .silent = script { return }
        switch frame.opcode {
        case .ping:
            send(context, .pong, frame.unmaskedData)
        case .connectionClose:
            send(context, .connectionClose, frame.unmaskedData)
            context.close(promise: nil)
        case .text:
            var data = frame.unmaskedData
            let text = data.readString(length: data.readableBytes) ?? ""
            answer(context, text)
        default:
            break
        }
    }

    private func answer(_ context: ChannelHandlerContext, _ text: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
            let id = object["id"] as? Int, let params = object["params"] as? [String: Any],
            let subId = params["subId"] as? String
        else { return }
        let ok = #"{"jsonrpc":"2.0","result":{"status":"OK","subId":"\#(subId)"},"id":\#(id)}"#
        switch script {
        case .silent:
            return
        case .oversized:
            sendText(context, ok)
            sendText(context, String(repeating: "x", count: 2 << 20))
        case .garbage:
            for junk in [
                "not json at all", "[1,2,3]", "{}", "null", #"{"jsonrpc":"2.0","id":"#,
                #"{"jsonrpc":"2.0","result":{"status":"OK","subId":"other"},"id":424242}"#,
                #"{"jsonrpc":"2.0","method":"subscribe","params":{"subId":"nobody","payload":{"Y":"00"}}}"#,
                #"{"jsonrpc":"2.0","method":"unknown","params":{}}"#,
            ] {
                sendText(context, junk)
            }
            send(context, .binary, context.channel.allocator.buffer(bytes: [0, 1, 2, 3]))
            sendText(context, ok)
            sendText(
                context,
                #"{"jsonrpc":"2.0","method":"subscribe","params":{"subId":"\#(subId)","payload":{"Y":12,"state":"SPENT"}}}"#)
            sendText(
                context,
                #"{"jsonrpc":"2.0","method":"subscribe","params":{"subId":"\#(subId)","payload":{"Y":"\#(Self.generator)","state":"SPENT"}}}"#
            )
        }
    }

    private func sendText(_ context: ChannelHandlerContext, _ text: String) {
        send(context, .text, context.channel.allocator.buffer(string: text))
    }

    private func send(_ context: ChannelHandlerContext, _ opcode: WebSocketOpcode, _ data: ByteBuffer) {
        context.writeAndFlush(wrapOutboundOut(WebSocketFrame(fin: true, opcode: opcode, data: data)), promise: nil)
    }
}
