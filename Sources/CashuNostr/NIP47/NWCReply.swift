// NIP-47 — Nostr Wallet Connect: a response event to publish, and where.

/// The service's answer to a request: the signed, encrypted kind-23195 event and the relays to publish it to.
package struct NWCReply: Sendable, Hashable {
    /// The response event (`p`: the requester, `e`: the request).
    package let event: NostrEvent
    /// What the event's content says, before encryption.
    package let response: NWCResponse
    /// The connection's relays.
    package let relays: [NostrRelayURL]
    /// The connection answered for.
    package let connectionID: String

    package init(event: NostrEvent, response: NWCResponse, relays: [NostrRelayURL], connectionID: String) {
        self.event = event
        self.response = response
        self.relays = relays
        self.connectionID = connectionID
    }
}
