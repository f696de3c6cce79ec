// Storage: operation leases for a store only this process can see (the in-memory store).


/// Leases kept in a table in memory: exclusive between the wallets sharing one ``InMemoryWalletStore``.
package final class InProcessOperationLeases: OperationLeases {
    private let held = Locked<Set<OperationID>>([])

    /// Creates an empty table.
    package init() {}

    /// Takes the lease of an operation unless a wallet on the same store holds it.
    /// - Parameter id: the operation.
    /// - Returns: the lease, or `nil` when it is held.
    package func acquire(_ id: OperationID) throws(StorageError) -> (any OperationLease)? {
        let taken = held.withLock { $0.insert(id).inserted }
        guard taken else { return nil }
        return InProcessOperationLease(operationID: id) { [weak self] in
            _ = self?.held.withLock { $0.remove(id) }
        }
    }

    /// Nothing to remove: a lease here ends with the object holding it.
    /// - Returns: 0.
    package func removeAbandoned(except open: Set<OperationID>) throws(StorageError) -> Int { 0 }
}
