// Storage: the operations journal — what was about to happen, written before anything leaves the process.

/// Journal storage.
package protocol OperationJournal {
    /// Inserts a new operation.
    /// - Throws: `StorageError` with code `conflict` when the id exists.
    func insertOperation(_ operation: OperationRecord) throws

    /// Replaces an operation's state and payload (and its `updatedAt`); its other fields are kept as inserted.
    /// - Throws: `StorageError` with code `notFound` when the id does not exist.
    func updateOperation(_ operation: OperationRecord) throws

    /// An operation by id.
    func operation(id: OperationID) throws -> OperationRecord?

    /// Operations still to resolve (`prepared`, `inFlight`, `pending`), oldest first (by `createdAt`, then in the
    /// order they were inserted).
    func unfinishedOperations() throws -> [OperationRecord]

    /// Whether a recovery pass would find anything: an unfinished operation or a reserved proof. Cheaper than
    /// reading them (every open asks it, and almost every open finds nothing).
    func hasUnfinishedWork() throws -> Bool

    /// The newest `limit` operations of `kind`, finished or not, newest first (by `createdAt`, then by insertion).
    func operations(kind: OperationKind, limit: Int) throws -> [OperationRecord]
}
