// NIP-01 — a subscription asked again after a reconnection: only what may have been missed while away.

extension NostrFilter {
    /// The filter for a `REQ` sent again after a reconnection: `since` moved up to `margin` seconds before the
    /// newest event already received (relays' clocks and `created_at` are loose, so the margin re-asks a little; the
    /// client drops what it has seen by id). Unchanged when nothing was received yet.
    /// - Parameters:
    ///   - newest: the newest `created_at` received on the subscription, if any.
    ///   - margin: seconds to re-ask before it (at least 0).
    ///
    /// A `created_at` in the future counts as now (an event dated 2100 must not silence the subscription), and gift
    /// wraps (NIP-59), dated up to two days in the past, are asked again from that much earlier.
    package func resumed(newest: Int64?, margin: Int64, now: Int64 = NostrClock.now()) -> NostrFilter {
        guard let newest else { return self }
        var filter = self
        var lookBack = max(margin, 0)
        if (kinds ?? []).contains(where: { $0 == NIP59.giftWrapKind || $0 == NIP59.ephemeralGiftWrapKind }) {
            lookBack += NIP59.timestampJitter
        }
        let resume = min(newest, now) - lookBack
        filter.since = max(since ?? resume, resume)
        return filter
    }
}
