// NIP-47 — Nostr Wallet Connect: how often the wallet service's loop does what.

/// Intervals and bounds of ``NWCService``.
package struct NWCServiceSettings: Sendable, Hashable {
    /// Between looks at the store for connections added or revoked (by `cashu nwc add`/`revoke` in another process).
    package var pollInterval: Duration
    /// Between reconciliations of payments whose outcome was not known (one runs at start).
    package var reconcileInterval: Duration
    /// How far back, seconds, a new subscription asks relays for stored requests: requests sent while the service
    /// was down or re-subscribing are answered if this recent; each is handled once, ever.
    package var catchUpSeconds: Int64
    /// How many times a response or notification is published before it is given up (with 1 s, 2 s, … between).
    package var publishAttempts: Int
    /// At most this many invoices made through connections are watched at once (the newest).
    package var maximumWatchedInvoices: Int
    /// The longest one wait for an invoice lasts before it is looked at again.
    package var invoiceWaitLimit: Duration

    package init(
        pollInterval: Duration = .seconds(5), reconcileInterval: Duration = .seconds(60), catchUpSeconds: Int64 = 600,
        publishAttempts: Int = 3, maximumWatchedInvoices: Int = 20, invoiceWaitLimit: Duration = .seconds(3600)
    ) {
        self.pollInterval = max(pollInterval, .milliseconds(100))
        self.reconcileInterval = max(reconcileInterval, .seconds(1))
        self.catchUpSeconds = max(catchUpSeconds, 0)
        self.publishAttempts = max(publishAttempts, 1)
        self.maximumWatchedInvoices = max(maximumWatchedInvoices, 1)
        self.invoiceWaitLimit = max(invoiceWaitLimit, .seconds(1))
    }
}
