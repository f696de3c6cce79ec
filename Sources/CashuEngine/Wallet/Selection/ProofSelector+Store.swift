// Wallet: choosing inputs inside a store transaction from counts, then loading only the proofs chosen — so that
// what a send costs does not grow with the number of proofs the wallet holds.

extension ProofSelector {
    /// The unspent proofs of a mint and unit, as counts (``ProofHistogram``).
    func histogram(_ tx: any ProofStore, mint: MintURL, unit: CurrencyUnit) throws -> ProofHistogram {
        let buckets = try tx.proofBuckets(mintURL: mint, unit: unit, status: .unspent)
        return try ProofHistogram(buckets: buckets, inactive: inactiveKeysets) { amount, keysetIDs in
            try tx.proofKeysets(mintURL: mint, unit: unit, status: .unspent, amount: amount, in: keysetIDs)
        }
    }

    /// The proofs `choice` counts: the oldest unspent ones of each of its keysets and amounts.
    /// - Throws: ``WalletError`` `storage` when the store holds fewer than its counts said.
    func load(_ choice: Choice?, _ tx: any ProofStore, mint: MintURL, unit: CurrencyUnit) throws -> Selection? {
        guard let choice else { return nil }
        let proofs = try tx.oldestProofs(mintURL: mint, unit: unit, status: .unspent, buckets: choice.buckets)
        guard proofs.count == choice.count else {
            throw WalletError(
                .storage, "the store holds fewer proofs than it counts (\(proofs.count) of \(choice.count))")
        }
        return Selection(proofs: proofs, total: choice.total, fee: choice.fee)
    }

    /// ``select(_:atLeast:)`` over the unspent proofs of a mint and unit in `tx`, loading only those chosen.
    func select(in tx: any ProofStore, mint: MintURL, unit: CurrencyUnit, atLeast amount: UInt64) throws
        -> Selection?
    {
        try load(select(histogram(tx, mint: mint, unit: unit), atLeast: amount), tx, mint: mint, unit: unit)
    }

    /// ``selectExact(_:amount:includingFee:)`` over the unspent proofs of a mint and unit in `tx`, loading only those
    /// chosen.
    func selectExact(
        in tx: any ProofStore, mint: MintURL, unit: CurrencyUnit, amount: UInt64, includingFee: Bool
    ) throws -> Selection? {
        let histogram = try histogram(tx, mint: mint, unit: unit)
        return try load(selectExact(histogram, amount: amount, includingFee: includingFee), tx, mint: mint, unit: unit)
    }
}
