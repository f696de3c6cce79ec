// NUT-18 — the wallet's Nostr inbox for payments: open requests, how far it has read, what it has handled.

import CashuNostr

/// Kept in the wallet's metadata (one JSON value), read and written in one transaction at a time.
package struct NostrInboxState: Sendable, Hashable, Codable {
    /// Open requests by id.
    package var requests: [String: OpenNostrRequest] = [:]
    /// The time up to which every relay that answered has been read (seconds since the Unix epoch).
    package var readUntil: Int64?
    /// Gift wraps already handled (id → their `created_at`), so none is received twice.
    package var handled: [String: Int64] = [:]
    /// Payments handed to the offline queue (gift wrap id → the queue entry and the request it pays): the entry
    /// says whether the receive settled, was refused, or waits for its mint.
    package var attempts: [String: Attempt] = [:]

    /// A receive started for a gift wrap.
    package struct Attempt: Sendable, Hashable, Codable {
        package var operation: String
        package var request: String?

        /// A receive started: queue entry `operation`, paying request `request` (if it named one of ours).
        package init(operation: String, request: String?) {
            self.operation = operation
            self.request = request
        }
    }

    /// An empty inbox: nothing open, read or handled.
    package init() {}

    /// Metadata key.
    package static let metadataKey = "nostr.payment-inbox"

    /// NIP-59 dates gift wraps up to two days in the past: each read looks back that far, and a little more.
    package static let lookBack: Int64 = 2 * 24 * 3600 + 600

    /// Where the next read starts: the look-back before the last read, else before the oldest open request.
    package var since: Int64 {
        let from = readUntil ?? requests.values.map(\.createdAt).min() ?? NostrClock.now()
        return max(0, from - Self.lookBack)
    }

    /// Forgets handled wraps older than any read can return again.
    package mutating func prune() {
        let horizon = since - 600
        handled = handled.filter { $0.value >= horizon }
    }
}
