// Wallet: ProofSelector over counts (ProofHistogram) — the same choice of keysets and amounts as over the proofs,
// with NUT-02 input fees per keyset, so that a store hands over only the proofs chosen.

extension ProofSelector {
    /// A selection as counts: how many proofs of each keyset and amount to take.
    struct Choice: Sendable, Equatable {
        var buckets: [ProofBucket]
        var total: UInt64
        var fee: UInt64
        var count: Int { buckets.reduce(0) { $0 + $1.count } }
    }

    /// ``select(_:atLeast:)`` over counts: the same keysets and amounts as over the proofs they count.
    func select(_ histogram: ProofHistogram, atLeast amount: UInt64) throws(WalletError) -> Choice? {
        var target = amount
        for _ in 0..<8 {
            guard let takes = try histogram.cover(target) else { return nil }
            let buckets = histogram.buckets(takes)
            let fee = try fee(of: buckets)
            let (needed, overflow) = amount.addingReportingOverflow(fee)
            guard !overflow else { return nil }
            let total = try Self.sum(buckets)
            if total >= needed {
                let choice = Choice(buckets: buckets, total: total, fee: fee)
                return choice.count <= maxInputs ? choice : nil
            }
            target = needed  // total ≥ target, so needed > target: the loop makes progress
        }
        return nil
    }

    /// ``selectExact(_:amount:includingFee:)`` over counts.
    func selectExact(_ histogram: ProofHistogram, amount: UInt64, includingFee: Bool) throws(WalletError) -> Choice? {
        var target = amount
        for _ in 0..<8 {
            guard let takes = histogram.exact(target) else { return nil }
            let buckets = histogram.buckets(takes)
            let fee = try fee(of: buckets)
            let wanted = includingFee ? amount &+ fee : amount
            if target == wanted {
                let choice = Choice(buckets: buckets, total: target, fee: fee)
                return choice.count <= maxInputs ? choice : nil
            }
            target = wanted
        }
        return nil
    }

    /// The input fee of the proofs `buckets` count.
    func fee(of buckets: [ProofBucket]) throws(WalletError) -> UInt64 {
        var ppk: UInt64 = 0
        for bucket in buckets {
            // A count below zero (a store out of order) counts as none instead of trapping.
            let count = UInt64(max(0, bucket.count))
            let (each, overflow) = (feePPK[bucket.keysetID] ?? 0).multipliedReportingOverflow(by: count)
            let (sum, overflowSum) = ppk.addingReportingOverflow(each)
            guard !overflow, !overflowSum else { throw WalletError(.invalidInput, "input fees overflow") }
            ppk = sum
        }
        do { return try InputFees.fee(ppkPerInput: CollectionOfOne(ppk)) } catch {
            throw WalletError(.invalidInput, "input fees overflow", underlying: error)
        }
    }

    private static func sum(_ buckets: [ProofBucket]) throws(WalletError) -> UInt64 {
        var total: UInt64 = 0
        for bucket in buckets {
            let (part, overflow) = bucket.amount.multipliedReportingOverflow(by: UInt64(max(0, bucket.count)))
            let (sum, overflowSum) = total.addingReportingOverflow(part)
            guard !overflow, !overflowSum else { throw WalletError(.invalidInput, "proof amounts overflow") }
            total = sum
        }
        return total
    }
}
