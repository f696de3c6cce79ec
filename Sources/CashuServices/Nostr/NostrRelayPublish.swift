// NIP-01 — an EVENT waiting for a relay's OK, in one connection's send queue.

import CashuNostr

/// A published event waiting to be sent, or for its `OK`.
struct NostrRelayPublish: Sendable {
    /// Its place in the send queue.
    let sequence: Int
    let eventID: String
    /// The `EVENT` message.
    let text: String
    /// Completed once: by the `OK`, a lost connection, or the deadline.
    let answer: OneShot<NostrRelayOutcome>
    /// The connection generation it went out on, if any.
    var sentGeneration: Int?
    /// Its `OK`'s deadline, set when it went out.
    var answerDeadline: Task<Void, Never>?
}
