// NUT-17 — WebSockets: what arrives on a mint WebSocket connection, in order.

/// One event of a connection, as its reader sees it.
enum InboundFrame: Sendable {
    /// A text message (JSON-RPC).
    case text(String)
    /// A binary message (NUT-17 sends none: ignored).
    case binary(Int)
    /// A ping or pong: the mint is alive.
    case control
    /// The connection closed.
    case closed
}
