// NIP-01 — a subscription as one relay connection keeps it: what to ask (again), where its news goes.

import CashuNostr

/// A `REQ` on one relay: a fetch's (until `EOSE`) or a live subscription's (asked again after each reconnection).
struct NostrRelaySubscription: Sendable {
    /// Its place in the send queue (the order `REQ`s go out).
    let sequence: Int
    let filters: [NostrFilter]
    /// Kept across reconnections (a live subscription) rather than failed with the connection (a fetch).
    let persistent: Bool
    /// Where its news goes; called on the connection's actor, so it must not block.
    let sink: @Sendable (NostrRelaySignal) -> Void
    /// The connection generation its `REQ` went out on, if any.
    var sentGeneration: Int?
    /// The newest `created_at` received, for the `since` of a re-subscription.
    var newest: Int64?
}
