// Wallet: chooses which proofs to spend — fee-aware per keyset (NUT-02), inactive keysets first, within input limits.

/// A pure proof-selection algorithm.
///
/// Candidates are ordered largest first, proofs of inactive keysets ahead of active ones of the same amount (so the
/// wallet moves off old keysets as it spends). A greedy pass takes every proof that still fits the remainder; when
/// it cannot close the gap, the smallest proof that covers what is left is added. The fee depends on the inputs, so
/// the target grows by the fee until the selection covers amount + fee (a fixed point reached in a few rounds).
struct ProofSelector: Sendable {
    /// Input fee per keyset in parts per thousand.
    let feePPK: [KeysetID: UInt64]
    /// Keysets the mint no longer signs with.
    let inactiveKeysets: Set<KeysetID>
    /// The most inputs one request may carry.
    let maxInputs: Int

    /// The outcome of a selection.
    struct Selection: Sendable {
        var proofs: [StoredProof]
        var total: UInt64
        var fee: UInt64
    }

    /// Proofs worth at least `amount` plus their own input fee, or `nil` when the candidates cannot cover it.
    func select(_ candidates: [StoredProof], atLeast amount: UInt64) throws(WalletError) -> Selection? {
        let ordered = order(candidates)
        var target = amount
        for _ in 0..<8 {
            guard let chosen = cover(ordered, target: target) else { return nil }
            let fee = try fee(of: chosen)
            let (needed, overflow) = amount.addingReportingOverflow(fee)
            guard !overflow else { return nil }
            let total = try Self.sum(chosen)
            if total >= needed {
                guard chosen.count <= maxInputs else { return nil }
                return Selection(proofs: chosen, total: total, fee: fee)
            }
            target = needed  // total ≥ target, so needed > target: the loop makes progress
        }
        return nil
    }

    /// Proofs whose amounts sum to exactly `amount` (plus their input fee when `includingFee`), or `nil`.
    func selectExact(_ candidates: [StoredProof], amount: UInt64, includingFee: Bool) throws(WalletError)
        -> Selection?
    {
        let ordered = order(candidates)
        var target = amount
        for _ in 0..<8 {
            guard let chosen = exact(ordered, target: target) else { return nil }
            let fee = try fee(of: chosen)
            let wanted = includingFee ? amount &+ fee : amount
            if target == wanted {
                guard chosen.count <= maxInputs else { return nil }
                return Selection(proofs: chosen, total: target, fee: fee)
            }
            target = wanted
        }
        return nil
    }

    /// All of `proofs` as one selection (what a prepared operation holds), with their input fee.
    func selection(of proofs: [StoredProof]) throws(WalletError) -> Selection {
        Selection(proofs: proofs, total: proofs.reduce(UInt64(0)) { $0 &+ $1.amount }, fee: try fee(of: proofs))
    }

    /// The input fee of a set of proofs.
    func fee(of proofs: [StoredProof]) throws(WalletError) -> UInt64 {
        do {
            return try InputFees.fee(ppkPerInput: proofs.lazy.map { feePPK[$0.proof.id] ?? 0 })
        } catch {
            throw WalletError(.invalidInput, "input fees overflow", underlying: error)
        }
    }

    private static func sum(_ proofs: [StoredProof]) throws(WalletError) -> UInt64 {
        do { return try AmountSplit.sum(proofs.lazy.map(\.amount)) } catch {
            throw WalletError(.invalidInput, "proof amounts overflow", underlying: error)
        }
    }

    private func order(_ candidates: [StoredProof]) -> [StoredProof] {
        candidates.sorted { lhs, rhs in
            if lhs.amount != rhs.amount { return lhs.amount > rhs.amount }
            let lhsInactive = inactiveKeysets.contains(lhs.proof.id)
            let rhsInactive = inactiveKeysets.contains(rhs.proof.id)
            if lhsInactive != rhsInactive { return lhsInactive }
            return lhs.createdAt < rhs.createdAt
        }
    }

    /// Greedy largest-first, then the smallest single proof that closes the gap.
    private func cover(_ ordered: [StoredProof], target: UInt64) -> [StoredProof]? {
        var remaining = target
        var chosen: [StoredProof] = []
        var left: [StoredProof] = []
        for proof in ordered {
            if remaining > 0 && proof.amount <= remaining {
                chosen.append(proof)
                remaining -= proof.amount
            } else {
                left.append(proof)
            }
        }
        guard remaining > 0 else { return chosen }
        // `left` is largest first: the last one that still covers the gap is the smallest that does.
        if let closer = left.last(where: { $0.amount >= remaining }) {
            chosen.append(closer)
            return minimise(chosen, target: target)
        }
        return nil
    }

    /// Drops proofs that became unnecessary once a larger one was added (smallest first).
    private func minimise(_ chosen: [StoredProof], target: UInt64) -> [StoredProof] {
        var result = chosen.sorted { $0.amount < $1.amount }
        var total = result.reduce(UInt64(0)) { $0 &+ $1.amount }
        var index = 0
        while index < result.count {
            let amount = result[index].amount
            if total - amount >= target {
                total -= amount
                result.remove(at: index)
            } else {
                index += 1
            }
        }
        return result
    }

    /// Greedy largest-first that must land exactly on `target`.
    private func exact(_ ordered: [StoredProof], target: UInt64) -> [StoredProof]? {
        var remaining = target
        var chosen: [StoredProof] = []
        for proof in ordered where remaining > 0 && proof.amount <= remaining {
            chosen.append(proof)
            remaining -= proof.amount
        }
        return remaining == 0 ? chosen : nil
    }
}
