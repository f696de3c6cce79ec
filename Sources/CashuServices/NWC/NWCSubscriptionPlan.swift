// NIP-47 — Nostr Wallet Connect: what the service subscribes to for its live connections — requests (kind 23194)
// addressed to their service keys, on the union of their relays.

import CashuNostr

/// The subscription the live connections call for; a change of it means subscribing again.
struct NWCSubscriptionPlan: Sendable, Hashable {
    /// The service keys requests are addressed to (`#p`), sorted.
    let servicePublicKeys: [NostrPublicKey]
    /// Every relay of every live connection, sorted, once each.
    let relays: [NostrRelayURL]

    /// The plan for the connections active at `now` (neither revoked nor expired).
    init(_ records: [NWCConnectionRecord], at now: Int64) {
        let live = records.filter { $0.isActive(at: now) }
        servicePublicKeys = Set(live.map(\.servicePublicKey)).sorted()
        relays = Set(live.flatMap(\.relays)).sorted()
    }

    /// Whether there is anything to listen for.
    var isEmpty: Bool { servicePublicKeys.isEmpty || relays.isEmpty }

    /// The filter, asking for stored requests from `since` on.
    func filter(since: Int64) -> NostrFilter {
        NostrFilter(kinds: [NWCEventKind.request], tags: ["p": servicePublicKeys.map(\.hex)], since: since)
    }
}
