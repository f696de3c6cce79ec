// NUT-17 — WebSockets: how the ping that proves a new connection answers came out.

/// The outcome of a connection's probe (a ping whose pong must come back before the connect deadline).
enum ProbeOutcome: Sendable {
    /// The pong came back.
    case answered
    /// The deadline passed first.
    case timedOut
    /// The connection closed first.
    case closed
}
