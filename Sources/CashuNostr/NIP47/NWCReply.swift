// NIP-47 — Nostr Wallet Connect: a response event to publish, and where.

/// The service's answer to a request: the signed, encrypted kind-23195 event and the relays to publish it to.
public struct NWCReply: Sendable, Hashable {
    /// The response event (`p`: the requester, `e`: the request).
    public let event: NostrEvent
    /// What the event's content says, before encryption.
    public let response: NWCResponse
    /// The connection's relays.
    public let relays: [NostrRelayURL]
    /// The connection answered for.
    public let connectionID: String

    public init(event: NostrEvent, response: NWCResponse, relays: [NostrRelayURL], connectionID: String) {
        self.event = event
        self.response = response
        self.relays = relays
        self.connectionID = connectionID
    }
}
