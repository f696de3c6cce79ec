// Wallet: where a line of activity is — open, settled, or did not happen (a history line's, an activity line's, a
// transfer's).

/// Where a line of activity is: its operation open, settled, or not done.
public enum ActivityState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Under way: still journaled (a payment in flight, a sent token not yet claimed, a transfer whose destination has
    /// not minted yet). ``Wallet/recover()`` (every start) continues it.
    case pending
    /// Settled.
    case done
    /// Nothing moved.
    case failed
}
