// Test support: a loopback TCP server that misbehaves below WebSocket (closes at once, hangs, answers garbage).

import Foundation
import NIOCore
import NIOPosix

/// A TCP server on a free loopback port whose every connection gets the same treatment.
package final class RawTCPServer: Sendable {
    /// What the server does with a connection.
    package enum Behaviour: Sendable {
        /// Closes it at once, before any HTTP answer.
        case close
        /// Accepts and never says anything.
        case hang
        /// Answers the HTTP upgrade request with bytes that are not HTTP, then closes.
        case garbage
    }

    private let listener: LoopbackListener

    /// The port it listens on.
    package var port: Int { listener.port }

    /// How many connections are open right now.
    package var openConnections: Int { listener.openConnections }

    private init(listener: LoopbackListener) { self.listener = listener }

    package static func start(_ behaviour: Behaviour) async throws -> RawTCPServer {
        RawTCPServer(
            listener: try await LoopbackListener.start { channel in
                channel.pipeline.addHandler(RawBehaviourHandler(behaviour: behaviour))
            })
    }

    /// Closes the listener and every connection still open.
    package func stop() async { await listener.stop() }
}
