// NIP-01 — what one relay did with a request.

/// One relay's answer to a publish or a fetch.
package enum NostrRelayOutcome: Sendable, Hashable, CustomStringConvertible {
    /// `OK` true or `duplicate:` (publish), or `EOSE` (fetch); the relay's message, if any.
    case accepted(String)
    /// `OK` false or `CLOSED`, with the relay's message (e.g. `blocked: ...`, `rate-limited: ...`).
    case refused(String)
    /// No connection (refused, DNS, TLS, closed before answering).
    case unreachable(String)
    /// Connected, but no answer in time.
    case timedOut

    /// Whether the relay accepted.
    package var isAccepted: Bool { if case .accepted = self { true } else { false } }

    package var description: String {
        switch self {
        case .accepted(let message): message.isEmpty ? "accepted" : "accepted: \(message)"
        case .refused(let message): "refused: \(message)"
        case .unreachable(let reason): "unreachable: \(reason)"
        case .timedOut: "timed out"
        }
    }
}
