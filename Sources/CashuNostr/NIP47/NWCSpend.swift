// NIP-47 — Nostr Wallet Connect: one payment counted against a connection's budget.

/// A payment a connection made or is making, by payment hash.
package struct NWCSpend: Sendable, Hashable, Codable {
    /// Where the payment stands.
    package enum State: String, Sendable, Hashable, Codable {
        /// Reserved before paying, or paid with an outcome not yet known: it may still succeed, so its full
        /// reservation counts.
        case pending
        /// Paid: what it actually cost counts.
        case settled
    }

    /// The payment hash, hex: one spend per invoice.
    package var paymentHash: String
    /// The id of the request event that paid it.
    package var requestID: String
    /// When the budget was reserved, seconds since the epoch: the period the spend counts in.
    package var reservedAt: Int64
    /// Pending: the amount plus the most fees may cost, in sats. Settled: the amount plus the fees paid.
    package var sats: UInt64
    /// Pending or settled.
    package var state: State
    /// The preimage, once settled (a repeated request for the same invoice gets it again).
    package var preimage: String?
    /// The fees paid in msats, once settled.
    package var feesPaidMsat: UInt64?

    package init(
        paymentHash: String, requestID: String, reservedAt: Int64, sats: UInt64, state: State = .pending,
        preimage: String? = nil, feesPaidMsat: UInt64? = nil
    ) {
        self.paymentHash = paymentHash
        self.requestID = requestID
        self.reservedAt = reservedAt
        self.sats = sats
        self.state = state
        self.preimage = preimage
        self.feesPaidMsat = feesPaidMsat
    }
}
