// Wallet: claiming an operation for this wallet — in this actor (`inFlight`) and across processes (its lease).

extension Wallet {
    /// Claims an operation for this call until ``release(_:)``: no recovery pass, of this wallet or of any other wallet
    /// or process on the store, resumes it meanwhile.
    ///
    /// Take it before journaling a new operation (its lease is then held before the journal entry exists) and before
    /// resuming one.
    /// - Parameter id: the operation.
    /// - Returns: the claim; `nil` when this wallet already holds it (a nested call: the outer one releases it).
    /// - Throws: ``WalletError`` `pending` when another wallet or process holds its lease, `storage` when the lease
    ///   cannot be checked.
    func claim(_ id: OperationID) throws(WalletError) -> OperationID? {
        guard inFlight[id] == nil else { return nil }
        let lease: (any OperationLease)?
        do { lease = try leases.acquire(id) } catch { throw WalletError.storage(error) }
        guard let lease else {
            throw WalletError(.pending, "another process is executing this operation", operationID: id)
        }
        inFlight[id] = lease
        return id
    }

    /// Ends a claim: the operation's lease is given back (its lock file removed).
    /// Claims an operation that must not already be executing anywhere, this wallet included (a second call to
    /// `mint(quoteID:)` or `melt(quoteID:)` while the first is under way).
    func claimExclusive(_ id: OperationID) throws(WalletError) -> OperationID? {
        guard inFlight[id] == nil else {
            throw WalletError(.pending, "this operation is already under way", operationID: id)
        }
        return try claim(id)
    }

    func release(_ claimed: OperationID?) {
        guard let claimed else { return }
        inFlight.removeValue(forKey: claimed)?.release()
    }
}
