// NIP-01 — what one relay connection tells a subscription (or a fetch) about it.

import CashuNostr

/// One relay's news for one subscription, in order.
enum NostrRelaySignal: Sendable {
    /// The `REQ` went out.
    case requested
    /// An event that matches the subscription's filters and verifies.
    case event(NostrEvent)
    /// `EOSE`: the stored events are all sent.
    case endOfStoredEvents
    /// `CLOSED`: the relay refused or ended the subscription (its message).
    case closed(String)
    /// The relay could not be reached, or the connection closed, before the subscription was done (a fetch's only:
    /// a live subscription waits for the reconnection instead).
    case failed(String)
}
