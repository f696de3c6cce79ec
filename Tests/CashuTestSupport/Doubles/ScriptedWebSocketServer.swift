// Test support: a loopback WebSocket server (swift-nio's NIOWebSocket) that plays a hostile or broken mint.

import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket

/// A WebSocket server on a free loopback port following one script for every connection.
package final class ScriptedWebSocketServer: Sendable {
    /// How the server behaves once the HTTP upgrade is done.
    package enum Script: Sendable {
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
    package var port: Int { listener.port }

    /// How many connections are open right now.
    package var openConnections: Int { listener.openConnections }

    private init(listener: LoopbackListener) { self.listener = listener }

    package static func start(_ script: Script) async throws -> ScriptedWebSocketServer {
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
    package func stop() async { await listener.stop() }
}
