// NIP-47 — Nostr Wallet Connect: the event kinds.

/// The kinds of NIP-47 events.
public enum NWCEventKind {
    /// The wallet service's capabilities (replaceable).
    public static let info = 13194
    /// A client's request (ephemeral).
    public static let request = 23194
    /// The wallet service's response (ephemeral).
    public static let response = 23195
    /// A notification, NIP-44 encrypted (ephemeral).
    public static let notification = 23197
    /// A notification, NIP-04 encrypted, for clients that predate NIP-44 (ephemeral).
    public static let legacyNotification = 23196
}
