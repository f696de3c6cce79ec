// Storage: the proofs the wallet holds, has reserved, has in flight, has given away, or has spent.

/// Proof storage. Every method runs inside the transaction that `WalletStore` opened.
package protocol ProofStore {
    /// Adds proofs. A proof whose `Y` is already stored is left as it is.
    /// - Returns: how many proofs were new.
    @discardableResult
    func addProofs(_ proofs: [StoredProof]) throws -> Int

    /// The proofs of a mint and unit (`nil` = any) in any of `statuses`, oldest first (by `createdAt`, then in the
    /// order they were added). An empty `statuses` matches no proof.
    func proofs(mintURL: MintURL?, unit: CurrencyUnit?, statuses: Set<ProofStatus>) throws -> [StoredProof]

    /// The proofs an operation holds, oldest first.
    func proofs(operationID: OperationID) throws -> [StoredProof]

    /// The stored proofs among `Ys`, in no particular order.
    func proofs(Ys: [CompressedPoint]) throws -> [StoredProof]

    /// Moves proofs to `status`, recording `operationID` (nil clears it).
    /// - Throws: `StorageError` with code `notFound` when a `Y` is not stored; no proof is changed then.
    func setStatus(_ status: ProofStatus, Ys: [CompressedPoint], operationID: OperationID?) throws

    /// Deletes proofs; `Ys` that are not stored are ignored.
    func removeProofs(Ys: [CompressedPoint]) throws

    /// Sums and counts per mint, unit and status, for the given statuses (all when empty), in no particular order.
    /// - Throws: `StorageError` with code `overflow` when a sum exceeds `UInt64.max`.
    func balances(statuses: Set<ProofStatus>) throws -> [ProofBalance]

    /// How many proofs of each keyset and amount a mint and unit hold in `status`, one bucket per pair holding any,
    /// in no particular order, without loading the proofs (what input selection starts from).
    func proofBuckets(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus) throws -> [ProofBucket]

    /// The keyset of each proof of `amount` in `keysetIDs` that a mint and unit hold in `status`, oldest first (the
    /// order of ``proofs(mintURL:unit:statuses:)``), without loading the proofs. Input selection asks for it only when
    /// several keysets hold proofs of one amount.
    func proofKeysets(
        mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, amount: UInt64, in keysetIDs: Set<KeysetID>
    ) throws -> [KeysetID]

    /// For each of `buckets`, the `count` oldest proofs of its keyset and amount that a mint and unit hold in
    /// `status` (fewer when fewer are stored), bucket after bucket, oldest first within one.
    func oldestProofs(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, buckets: [ProofBucket]) throws
        -> [StoredProof]
}

extension ProofStore {
    /// How many proofs of each amount a mint and unit hold in `status` (for choosing output denominations), without
    /// loading the proofs.
    package func amountCounts(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus) throws -> [UInt64: Int] {
        var counts: [UInt64: Int] = [:]
        for bucket in try proofBuckets(mintURL: mintURL, unit: unit, status: status) {
            counts[bucket.amount, default: 0] += bucket.count
        }
        return counts
    }
}
