// Wallet: merging small proofs (NUT-03 swaps of the wallet's own) when a send or melt needs more inputs than the
// mint takes in one request (NUT-06 `max_array_length`).

extension Wallet {
    /// Runs `body` (a journaling write that selects inputs). When it finds no selection within the mint's request
    /// limit although the wallet holds enough, merges small proofs (``consolidate(toCover:mint:unit:)``) and runs it
    /// once more.
    func withConsolidation<T: Sendable>(
        covering amount: UInt64, mint: MintURL, unit: CurrencyUnit, _ body: () async throws(WalletError) -> T
    ) async throws(WalletError) -> T {
        do {
            return try await body()
        } catch where error.code == .insufficientFunds {
            guard try await consolidate(toCover: amount, mint: mint, unit: unit) else { throw error }
            return try await body()
        }
    }

    /// Swaps the smallest proofs at `mint`, a request's worth at a time, into fewer larger ones until proofs covering
    /// `amount` and their fee fit in one request. Each merge is an ordinary swap of the wallet's own proofs,
    /// journaled and recovered like any.
    /// - Returns: whether anything was merged.
    @discardableResult
    func consolidate(toCover amount: UInt64, mint: MintURL, unit: CurrencyUnit) async throws(WalletError) -> Bool {
        let selector = try await keysetTables(mint).selector(maxInputs: await requestLimit(mint))
        let keyset = try await activeKeyset(mint, unit: unit)
        let planner = await planner(keyset)
        var merged = false
        var merges = 0
        // Counts first (ConsolidationPlan's first two checks): a wallet that simply does not hold enough, or whose
        // selection already fits, is answered without loading every proof.
        let histogram = try await read { tx in try selector.histogram(tx, mint: mint, unit: unit) }
        let unlimited = ProofSelector(
            feePPK: selector.feePPK, inactiveKeysets: selector.inactiveKeysets, maxInputs: .max)
        guard try selector.select(histogram, atLeast: amount) == nil,
            try unlimited.select(histogram, atLeast: amount) != nil
        else { return false }
        var candidates = try await read { tx in try tx.proofs(mintURL: mint, unit: unit, statuses: [.unspent]) }
        // Each merge leaves fewer proofs; the bound only guards against another process adding proofs all along.
        for _ in 0..<candidates.count {
            guard
                let batch = try ConsolidationPlan.nextBatch(
                    candidates, covering: amount, selector: selector, planner: planner)
            else { break }
            let outcome = try await swapOwn(
                inputs: batch, mint: mint, unit: unit, keyset: keyset, consolidating: true)
            merged = true
            merges += 1
            candidates = try await read { tx in try tx.proofs(mintURL: mint, unit: unit, statuses: [.unspent]) }
            // How many more merges of a request's worth the proofs left may take: an estimate, never below done.
            let limit = max(2, selector.maxInputs)
            let ahead = candidates.count > limit ? (candidates.count - limit + limit - 2) / (limit - 1) : 0
            emitProgress(
                WalletOperationEvent(id: outcome.operationID, kind: .swap, mint: mint, unit: unit),
                WalletProgress(completed: merges, total: merges + ahead, unit: "merges"))
        }
        return merged
    }
}
