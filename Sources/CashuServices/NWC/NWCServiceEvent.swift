// NIP-47 — Nostr Wallet Connect: what the wallet service's loop did, for its host (logs, tests). Never a request's
// content, a key or a connection secret.

import CashuNostr

/// One step of ``NWCService``.
package enum NWCServiceEvent: Sendable, Hashable {
    /// Listening for requests to `connections` live connections on `relays` relays (0 and 0: none is live).
    case subscribed(connections: Int, relays: Int)
    /// A request of connection `connectionID` was answered: its method and, when it failed, the error code.
    case answered(connectionID: String, method: String, error: NWCErrorCode?, published: Bool)
    /// An event got no answer.
    case ignored(NWCIgnoreReason)
    /// Payments whose outcome was not known were looked at again.
    case reconciled(connectionID: String, NWCReconciliation)
    /// An invoice made through connection `connectionID` was paid and minted.
    case invoicePaid(connectionID: String, paymentHash: String)
}
