// Storage: the offline queue — operations waiting for their mint, kept durably in the wallet store.

/// Offline queue storage.
///
/// Entries are listed oldest first (by `createdAt`, then in the order they were inserted): the queue runs the entries
/// of one mint in that order. The store keeps `payload` and `result` opaque.
package protocol QueuedOperationStore {
    /// Inserts a new entry.
    /// - Throws: `StorageError` with code `conflict` when the id exists.
    func insertQueuedOperation(_ entry: QueuedOperation) throws

    /// Replaces an entry's state, payload, attempts, last error, operation id, result and `updatedAt`; its id, mint,
    /// kind and `createdAt` are kept as inserted.
    /// - Throws: `StorageError` with code `notFound` when the id does not exist.
    func updateQueuedOperation(_ entry: QueuedOperation) throws

    /// An entry by id.
    func queuedOperation(id: OperationID) throws -> QueuedOperation?

    /// Entries in one of `states` (none when `states` is empty), of one mint or of all, oldest first.
    func queuedOperations(states: Set<QueuedOperation.State>, mintURL: MintURL?) throws -> [QueuedOperation]

    /// Removes an entry.
    /// - Returns: whether it existed.
    func removeQueuedOperation(id: OperationID) throws -> Bool
}
