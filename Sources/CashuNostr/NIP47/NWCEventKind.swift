// NIP-47 — Nostr Wallet Connect: the event kinds.

/// The kinds of NIP-47 events.
package enum NWCEventKind {
    /// The wallet service's capabilities (replaceable).
    package static let info = 13194
    /// A client's request (ephemeral).
    package static let request = 23194
    /// The wallet service's response (ephemeral).
    package static let response = 23195
    /// A notification, NIP-44 encrypted (ephemeral).
    package static let notification = 23197
    /// A notification, NIP-04 encrypted, for clients that predate NIP-44 (ephemeral).
    package static let legacyNotification = 23196
}
