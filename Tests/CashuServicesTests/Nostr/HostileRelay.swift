// Test support for the relay pool: a loopback WebSocket server (swift-nio's NIOWebSocket) playing a relay that lies:
// it answers each message with whatever frames the test scripts (forged events, junk, no EOSE, no OK).

import CashuTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import NIOWebSocket

/// A fake relay on a free loopback port. It answers pings (so connections pass the probe) and the close handshake;
/// every text message it receives is handed to `answer`, and the frames it returns are sent back in order.
final class HostileRelay: Sendable {
    private let listener: LoopbackListener

    /// `ws://127.0.0.1:<port>`.
    var url: String { "ws://127.0.0.1:\(listener.port)" }

    /// How many connections are open right now.
    var openConnections: Int { listener.openConnections }

    /// One frame the fake relay sends.
    enum Frame: Sendable {
        case text(String)
        case binary([UInt8])
        /// Closes the connection (no close handshake), after the frames before it.
        case drop
    }

    private init(listener: LoopbackListener) { self.listener = listener }

    /// Starts it.
    /// - Parameter answer: the frames to send back for one message received (its text).
    static func start(answer: @escaping @Sendable (String) -> [HostileRelay.Frame]) async throws -> HostileRelay {
        let listener = try await LoopbackListener.start { channel in
            let upgrader = NIOWebSocketServerUpgrader(
                maxFrameSize: 1 << 20, automaticErrorHandling: true,
                shouldUpgrade: { channel, _ in channel.eventLoop.makeSucceededFuture(HTTPHeaders()) },
                upgradePipelineHandler: { channel, _ in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(HostileRelayHandler(answer: answer))
                    }
                })
            return channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                    withServerUpgrade: (upgraders: [upgrader], completionHandler: { _ in }))
            }
        }
        return HostileRelay(listener: listener)
    }

    /// Closes the listener and every connection.
    func stop() async { await listener.stop() }
}
