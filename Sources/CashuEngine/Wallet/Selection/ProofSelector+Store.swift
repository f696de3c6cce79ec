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
    ///
    /// What the store returns is checked against the choice before anything is reserved (``ProofStore`` is public: a
    /// store of one's own must not make a send reserve proofs it did not count, or promise a total they do not make):
    /// distinct, unspent, of this mint and unit, exactly the keysets and amounts counted, the same total and fee.
    /// - Throws: ``WalletError`` `storage` when the store holds other proofs than its counts said.
    func load(_ choice: Choice?, _ tx: any ProofStore, mint: MintURL, unit: CurrencyUnit) throws -> Selection? {
        guard let choice else { return nil }
        let proofs = try tx.oldestProofs(mintURL: mint, unit: unit, status: .unspent, buckets: choice.buckets)
        guard proofs.count == choice.count else {
            throw WalletError(
                .storage, "the store holds fewer proofs than it counts (\(proofs.count) of \(choice.count))")
        }
        var wanted: [ProofBucketKey: Int] = [:]
        for bucket in choice.buckets {
            wanted[ProofBucketKey(bucket.keysetID, bucket.amount), default: 0] += bucket.count
        }
        var got: [ProofBucketKey: Int] = [:]
        for proof in proofs { got[ProofBucketKey(proof.proof.id, proof.amount), default: 0] += 1 }
        let matches = proofs.allSatisfy { $0.status == .unspent && $0.mintURL == mint && $0.unit == unit }
            && Set(proofs.map(\.Y)).count == proofs.count && got == wanted
        guard matches, try AmountSplit.sum(proofs.lazy.map(\.amount)) == choice.total, try fee(of: proofs) == choice.fee
        else {
            throw WalletError(.storage, "the store returned other proofs than it counted for this selection")
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
