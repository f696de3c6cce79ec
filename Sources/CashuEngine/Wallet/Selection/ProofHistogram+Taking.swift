// Wallet: ProofSelector's greedy passes over counts instead of proofs — which positions of each amount's proofs a
// selection takes, and which keysets (NUT-02 fees) those are.

extension ProofHistogram {
    /// What a selection takes of one group: the proofs at positions `lower..<upper` of its order, and its last proof
    /// when `last`.
    struct Take: Sendable, Equatable {
        var group: Int
        var lower: Int
        var upper: Int
        var last: Bool
    }

    /// ``ProofSelector``'s cover over counts: largest first, every proof that still fits the remainder (a prefix of
    /// each amount); when that falls short, the last proof of the smallest amount that closes the gap, after which
    /// proofs no longer needed are dropped, smallest amounts first and earliest first within one.
    /// - Throws: ``WalletError`` `invalidInput` when the amounts taken overflow.
    func cover(_ target: UInt64) throws(WalletError) -> [Take]? {
        var remaining = target
        var taken: [Int] = []
        for group in groups {
            let count = remaining > 0 ? min(group.count, Int(clamping: remaining / group.amount)) : 0
            taken.append(count)
            remaining -= UInt64(count) * group.amount
        }
        guard remaining > 0 else {
            return groups.indices.filter { taken[$0] > 0 }.map {
                Take(group: $0, lower: 0, upper: taken[$0], last: false)
            }
        }
        // Groups are largest first: the last one with a proof left that covers the gap is the smallest.
        guard
            let closer = groups.indices.last(where: {
                groups[$0].amount >= remaining && taken[$0] < groups[$0].count
            })
        else { return nil }
        let (withCloser, overflow) = (target - remaining).addingReportingOverflow(groups[closer].amount)
        guard !overflow else { throw WalletError(.invalidInput, "proof amounts overflow") }
        var total = withCloser
        var takes: [Take] = []
        for index in groups.indices.reversed() {
            let greedy = taken[index]
            let held = greedy + (index == closer ? 1 : 0)
            guard held > 0 else { continue }
            let amount = groups[index].amount
            let dropped = Int(min(UInt64(held), (total - target) / amount))
            total -= UInt64(dropped) * amount
            let take = Take(
                group: index, lower: min(dropped, greedy), upper: greedy, last: index == closer && dropped <= greedy)
            if take.lower < take.upper || take.last { takes.append(take) }
        }
        return takes.reversed()
    }

    /// ``ProofSelector``'s exact pass over counts: largest first, every proof that still fits; `nil` unless that lands
    /// on `target`.
    func exact(_ target: UInt64) -> [Take]? {
        var remaining = target
        var takes: [Take] = []
        for (index, group) in groups.enumerated() where remaining > 0 {
            let count = min(group.count, Int(clamping: remaining / group.amount))
            guard count > 0 else { continue }
            takes.append(Take(group: index, lower: 0, upper: count, last: false))
            remaining -= UInt64(count) * group.amount
        }
        return remaining == 0 ? takes : nil
    }

    /// How many proofs of each keyset and amount `takes` hold, in group order.
    func buckets(_ takes: [Take]) -> [ProofBucket] {
        var buckets: [ProofBucket] = []
        for take in takes {
            let group = groups[take.group]
            var counts: [(KeysetID, Int)] = []
            var start = 0
            for run in group.runs {
                let overlap = min(start + run.count, take.upper) - max(start, take.lower)
                if overlap > 0 { counts.append((run.keysetID, overlap)) }
                start += run.count
            }
            if take.last, let run = group.runs.last { counts.append((run.keysetID, 1)) }
            for (keysetID, count) in counts {
                if let index = buckets.firstIndex(where: { $0.keysetID == keysetID && $0.amount == group.amount }) {
                    buckets[index].count += count
                } else {
                    buckets.append(ProofBucket(keysetID: keysetID, amount: group.amount, count: count))
                }
            }
        }
        return buckets
    }
}
