// NIP-47 — Nostr Wallet Connect: a connection's spends and the budget decisions made from them (pure; the service
// store keeps one ledger per connection and changes it atomically).

/// What a connection spent, and whether a new payment fits its budget.
///
/// A payment is reserved (amount + fee reserve) before it is paid, settled at what it cost once paid, and released
/// only when it definitely failed. A pending spend keeps its whole reservation, in the period it was reserved in,
/// until its outcome is known: a payment that may still succeed never gives its budget back.
package struct NWCBudgetLedger: Sendable, Hashable, Codable {
    /// The spends, in the order they were reserved.
    package private(set) var spends: [NWCSpend]

    package init(spends: [NWCSpend] = []) {
        self.spends = spends
    }

    /// The outcome of ``reserve(paymentHash:requestID:sats:budget:at:)``.
    package enum Reservation: Sendable, Hashable {
        /// Reserved: pay it.
        case reserved
        /// It does not fit: `remainingSats` are left this period. Nothing was reserved.
        case quotaExceeded(remainingSats: UInt64)
        /// The same invoice is already being paid, or its outcome is unknown.
        case inFlight(NWCSpend)
        /// The same invoice was paid already.
        case alreadyPaid(NWCSpend)
    }

    /// The sats counted in `period`: settled spends at their cost, pending ones at their reservation.
    package func spentSats(in period: NWCBudgetPeriod) -> UInt64 {
        spends.filter { period.contains($0.reservedAt) }.reduce(0) { total, spend in
            let (sum, overflow) = total.addingReportingOverflow(spend.sats)
            return overflow ? .max : sum
        }
    }

    /// What `budget` leaves to spend at `now`; `nil` without a budget (no limit).
    package func remainingSats(_ budget: NWCBudget?, at now: Int64) -> UInt64? {
        guard let budget else { return nil }
        let spent = spentSats(in: budget.renewal.period(containing: now))
        return budget.limitSats > spent ? budget.limitSats - spent : 0
    }

    /// The spend of `paymentHash`, if any.
    package func spend(paymentHash: String) -> NWCSpend? {
        let key = paymentHash.lowercased()
        return spends.first { $0.paymentHash == key }
    }

    /// Reserves `sats` for paying `paymentHash`, if `budget` has room at `now` and the invoice is not paid or being
    /// paid already.
    package mutating func reserve(
        paymentHash: String, requestID: String, sats: UInt64, budget: NWCBudget?, at now: Int64
    ) -> Reservation {
        if let existing = spend(paymentHash: paymentHash) {
            return existing.state == .settled ? .alreadyPaid(existing) : .inFlight(existing)
        }
        if let remaining = remainingSats(budget, at: now), sats > remaining {
            return .quotaExceeded(remainingSats: remaining)
        }
        spends.append(
            NWCSpend(paymentHash: paymentHash.lowercased(), requestID: requestID, reservedAt: now, sats: sats))
        return .reserved
    }

    /// Records that `paymentHash` was paid: it now counts `spentSats` (amount + fees paid). A payment whose
    /// reservation is gone (released by a reconciliation that took it for failed) is counted again: money paid is
    /// always in the budget.
    package mutating func settle(
        paymentHash: String, spentSats: UInt64, preimage: String, feesPaidMsat: UInt64,
        now: Int64 = NostrClock.now()
    ) {
        let key = paymentHash.lowercased()
        if !spends.contains(where: { $0.paymentHash == key }) {
            spends.append(NWCSpend(paymentHash: key, requestID: "", reservedAt: now, sats: spentSats))
        }
        guard let index = spends.firstIndex(where: { $0.paymentHash == key }) else { return }
        spends[index].state = .settled
        spends[index].sats = spentSats
        spends[index].preimage = preimage
        spends[index].feesPaidMsat = feesPaidMsat
    }

    /// Gives back the reservation of a payment that definitely failed (nothing was spent). A settled spend stays.
    package mutating func release(paymentHash: String) {
        let key = paymentHash.lowercased()
        spends.removeAll { $0.paymentHash == key && $0.state == .pending }
    }

    /// Forgets settled spends reserved before `time` (they no longer count once their period is over). Pending
    /// spends stay until their outcome is known.
    package mutating func prune(settledBefore time: Int64) {
        spends.removeAll { $0.state == .settled && $0.reservedAt < time }
    }
}
