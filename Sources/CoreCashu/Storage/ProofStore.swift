// Storage: the proofs the wallet holds, has reserved, has in flight, has given away, or has spent.

/// Proof storage. Every method runs inside the transaction that ``WalletStore`` opened.
public protocol ProofStore {
    /// Adds proofs. A proof whose `Y` is already stored is left as it is.
    /// - Returns: how many proofs were new.
    @discardableResult
    func addProofs(_ proofs: [StoredProof]) throws -> Int

    /// The proofs of a mint and unit (`nil` = any) in any of `statuses`, oldest first.
    func proofs(mintURL: MintURL?, unit: CurrencyUnit?, statuses: Set<ProofStatus>) throws -> [StoredProof]

    /// The proofs an operation holds.
    func proofs(operationID: OperationID) throws -> [StoredProof]

    /// The stored proofs among `Ys`, in no particular order.
    func proofs(Ys: [CompressedPoint]) throws -> [StoredProof]

    /// Moves proofs to `status`, recording `operationID` (nil clears it).
    /// - Throws: ``StorageError`` with code `notFound` when a `Y` is not stored.
    func setStatus(_ status: ProofStatus, Ys: [CompressedPoint], operationID: OperationID?) throws

    /// Deletes proofs.
    func removeProofs(Ys: [CompressedPoint]) throws

    /// Sums and counts per mint, unit and status, for the given statuses (all when empty).
    func balances(statuses: Set<ProofStatus>) throws -> [ProofBalance]
}
