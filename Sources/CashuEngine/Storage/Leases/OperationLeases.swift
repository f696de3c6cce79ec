// Storage: operation leases — which process executes a journaled operation, so that no other one resumes it.

/// Hands out exclusive leases on journaled operations, shared by every wallet (and process) on one store.
///
/// A wallet takes an operation's lease before journaling it (or before resuming it) and gives it back when the
/// operation settles or fails; ``Wallet/recover()`` skips an operation whose lease is held elsewhere. A lease must
/// end with the process that holds it (a crash or SIGKILL frees it at once), so a dead process's operations are
/// resumed on the next start and a live one's never are.
///
/// `SQLiteWalletStore` vends `FileOperationLeases` (a `flock` per operation, next to the database);
/// ``InMemoryWalletStore``, which no other process can see, vends `InProcessOperationLeases`.
package protocol OperationLeases: Sendable {
    /// Takes the lease of an operation without waiting.
    /// - Parameter id: the operation.
    /// - Returns: the lease, held until released; `nil` when someone else holds it.
    /// - Throws: `StorageError` `unavailable` when the lease cannot be checked (e.g. its lock file cannot be made).
    func acquire(_ id: OperationID) throws(StorageError) -> (any OperationLease)?

    /// Removes what leases of dead holders left behind (a process killed after taking a lease and before journaling
    /// its operation leaves a lock file no recovery would ever visit), except for the operations in `open`.
    /// - Parameter open: the unfinished operations; recovery takes and gives back their leases itself.
    /// - Returns: how many were removed.
    /// - Throws: `StorageError` `unavailable` when the leases cannot be listed.
    func removeAbandoned(except open: Set<OperationID>) throws(StorageError) -> Int
}
