// NIP-01 — a subscription asked again after a reconnection: only what may have been missed while away.

extension NostrFilter {
    /// The filter for a `REQ` sent again after a reconnection: `since` moved up to `margin` seconds before the
    /// newest event already received (relays' clocks and `created_at` are loose, so the margin re-asks a little; the
    /// client drops what it has seen by id). Unchanged when nothing was received yet.
    /// - Parameters:
    ///   - newest: the newest `created_at` received on the subscription, if any.
    ///   - margin: seconds to re-ask before it (at least 0).
    package func resumed(newest: Int64?, margin: Int64) -> NostrFilter {
        guard let newest else { return self }
        var filter = self
        let resume = newest - max(margin, 0)
        filter.since = max(since ?? resume, resume)
        return filter
    }
}
