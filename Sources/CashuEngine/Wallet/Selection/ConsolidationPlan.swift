// Wallet: merging small proofs first when a payment needs more inputs than one request to the mint may carry
// (NUT-06 `max_array_length`) — decisions only.

/// Which proofs to merge next so that an amount can be paid within a mint's request limit.
///
/// The smallest proofs, a request's worth, are swapped into as few proofs as the keyset's denominations allow
/// (`DenominationPlanner.exact`). Each merge lowers the number of proofs, so repeating it ends: either a selection
/// fits, or nothing more helps.
enum ConsolidationPlan {
    /// The next proofs to merge, or `nil` when none is needed (a selection of at most `selector.maxInputs` proofs
    /// covers `amount` and its fee) or none would help (the wallet does not hold enough, or merging the smallest
    /// proofs would not leave fewer). `planner` makes the merged proofs.
    static func nextBatch(
        _ candidates: [StoredProof], covering amount: UInt64, selector: ProofSelector, planner: DenominationPlanner
    ) throws(WalletError) -> [StoredProof]? {
        if try selector.select(candidates, atLeast: amount) != nil { return nil }
        let unlimited = ProofSelector(
            feePPK: selector.feePPK, inactiveKeysets: selector.inactiveKeysets, maxInputs: .max)
        guard try unlimited.select(candidates, atLeast: amount) != nil else { return nil }
        let batch = Array(candidates.sorted { $0.amount < $1.amount }.prefix(selector.maxInputs))
        guard batch.count >= 2 else { return nil }
        let fee = try selector.fee(of: batch)
        guard let total = try? AmountSplit.sum(batch.map(\.amount)), total > fee,
            let merged = try? planner.exact(total - fee), merged.count < batch.count
        else {
            return nil
        }
        return batch
    }
}
