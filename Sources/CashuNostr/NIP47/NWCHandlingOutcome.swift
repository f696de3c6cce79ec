// NIP-47 — Nostr Wallet Connect: what the service does with one incoming event.

/// A response to publish, or nothing and why.
package enum NWCHandlingOutcome: Sendable, Hashable {
    /// Publish ``NWCReply/event`` to ``NWCReply/relays``.
    case respond(NWCReply)
    /// Send nothing.
    case ignored(NWCIgnoreReason)

    /// The reply, if any.
    package var reply: NWCReply? { if case .respond(let reply) = self { reply } else { nil } }
}
