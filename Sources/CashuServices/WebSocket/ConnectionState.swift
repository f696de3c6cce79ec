// NUT-17 — WebSockets: the observable state of a mint WebSocket connection.

import CoreCashu

/// Where a ``MintWebSocketClient``'s connection stands.
package enum ConnectionState: Sendable, Hashable, CustomStringConvertible {
    /// No connection (none needed yet, or lost and waiting for the next attempt).
    case disconnected
    /// Connecting: `attempt` is 0 for a first connection, n for the n-th reconnection.
    case connecting(attempt: Int)
    /// Connected and probed: the mint answers.
    case connected
    /// Reconnection gave up; the live subscriptions' streams were finished. A new subscription tries again.
    case failed(SubscriptionError.Code)
    /// Shut down for good.
    case closed

    package var description: String {
        switch self {
        case .disconnected: "disconnected"
        case .connecting(let attempt): attempt == 0 ? "connecting" : "reconnecting (attempt \(attempt))"
        case .connected: "connected"
        case .failed(let code): "failed (\(code))"
        case .closed: "closed"
        }
    }
}
