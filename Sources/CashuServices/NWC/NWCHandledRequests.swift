// NIP-47 — Nostr Wallet Connect: the request events a connection's service has handled, so a replayed request is
// never handled twice; records older than any request the service still takes are pruned.

/// The ids of handled request events with their `created_at`, for one connection.
struct NWCHandledRequests: Sendable, Hashable, Codable {
    /// Event id → the request's `created_at`.
    private(set) var requests: [String: Int64] = [:]

    /// Records `eventID`, unless it is there already; first forgets requests created before `pruneBefore` (the
    /// handler ignores those anyway, ``NWCServiceConfiguration/maxRequestAge``).
    ///
    /// - Returns: `true` the first time, `false` for a replay.
    mutating func claim(_ eventID: String, createdAt: Int64, pruneBefore: Int64) -> Bool {
        requests = requests.filter { $0.value >= pruneBefore }
        guard requests[eventID] == nil else { return false }
        requests[eventID] = createdAt
        return true
    }

    /// How many are recorded.
    var count: Int { requests.count }
}
