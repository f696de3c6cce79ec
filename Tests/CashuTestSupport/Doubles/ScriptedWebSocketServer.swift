// Test support: a loopback WebSocket server (swift-nio's NIOWebSocket) that plays a hostile or broken mint.

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket server on a free loopback port following one script for every connection.
final class ScriptedWebSocketServer: Sendable {
    /// How the server behaves once the HTTP upgrade is done.
    enum Script: Sendable {
        /// Answers nothing: no pong, no JSON-RPC answer, not even the close handshake.
        case silent
        /// Answers pings and the close handshake; every request gets a burst of junk, then its proper answer, then
        /// a malformed notification and a valid `proof_state` one (Y = the generator point, SPENT).
        case garbage
        /// Answers pings; every request gets its answer, then a frame larger than any client accepts.
        case oversized
    }

    private let listener: LoopbackListener

    /// The port it listens on.
    var port: Int { listener.port }

    /// How many connections are open right now.
    var openConnections: Int { listener.openConnections }

    private init(listener: LoopbackListener) { self.listener = listener }

    static func start(_ script: Script) async throws -> ScriptedWebSocketServer {
        let listener = try await LoopbackListener.start { channel in
            let upgrader = NIOWebSocketServerUpgrader(
                maxFrameSize: 1 << 16, automaticErrorHandling: true,
                shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ScriptedFrameHandler(script: script))
                    }
                })
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                    withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
            }
        }
        return ScriptedWebSocketServer(listener: listener)
    }

    /// Closes the listener and every connection still open.
    func stop() async { await listener.stop() }
}

/// The frame side of ``ScriptedWebSocketServer``.
private final class ScriptedFrameHandler: ChannelInboundHandler {
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
