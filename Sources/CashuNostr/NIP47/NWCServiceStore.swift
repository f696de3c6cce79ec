// NIP-47 — Nostr Wallet Connect: what the wallet service persists — its connections, the requests it handled (so a
// replayed request is never paid twice) and each connection's budget ledger.

/// The wallet service's storage. Every method is atomic; implementations persist before returning.
package protocol NWCServiceStore: Sendable {
    /// The connection whose service key is `servicePublicKey`, revoked and expired ones included.
    ///
    /// - Throws: ``NostrError`` `.storage`.
    func connection(servicePublicKey: NostrPublicKey) async throws(NostrError) -> NWCConnection?

    /// Records that the request event `eventID` is being handled, unless it already was.
    ///
    /// The record is kept at least until `createdAt` + the service's `maxRequestAge` + `maxClockSkew` has passed
    /// (``NWCServiceConfiguration``): older requests are ignored anyway, so older records may be pruned.
    /// - Returns: `true` the first time, `false` for a request seen before (a replay: it must not be handled again).
    /// - Throws: ``NostrError`` `.storage`.
    func claimRequest(_ eventID: String, connectionID: String, createdAt: Int64) async throws(NostrError) -> Bool

    /// Runs `body` on the budget ledger of `connectionID` (empty the first time) and saves what it leaves, with no
    /// other change to that ledger in between. `body` escapes: a durable store runs it inside its transaction, which
    /// may be on a thread of its own.
    ///
    /// - Returns: what `body` returns.
    /// - Throws: ``NostrError`` `.storage`; then nothing was saved.
    func updateLedger<T: Sendable>(
        connectionID: String, _ body: @escaping @Sendable (inout NWCBudgetLedger) -> T
    ) async throws(NostrError) -> T
}
