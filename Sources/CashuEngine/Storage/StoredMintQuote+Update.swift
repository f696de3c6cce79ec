// Storage: a stored mint quote brought up to what the mint reported, ignoring answers that go back (nuts#377).

import Foundation

extension StoredMintQuote {
    /// The quote with the state the mint reported, or `nil` when the answer changes nothing or is stale: a bolt11
    /// quote only moves forward (unpaid, paid, issued), so an answer behind the stored state (a lagging replica, a
    /// notification overtaken by the wallet's own mint) is ignored. A state this library does not know is kept as
    /// reported.
    /// - Parameters:
    ///   - state: what the mint reported.
    ///   - date: when it was learned.
    func updated(reporting state: MintQuoteState, at date: Date) -> StoredMintQuote? {
        guard state != self.state else { return nil }
        if let reported = state.progress, let stored = self.state.progress, reported < stored { return nil }
        var updated = self
        updated.state = state
        updated.updatedAt = date
        return updated
    }
}
