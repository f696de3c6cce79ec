// Storage: the wallet's durable state behind one transactional interface (docs/storage.md).

/// Everything a transaction can read and write.
package typealias WalletTransaction = ProofStore & KeysetStore & CounterStore & MintStore & OperationJournal
    & QuoteStore & HistoryStore & MetadataStore & QueuedOperationStore & AuthProofStore

/// A wallet's durable store.
///
/// `write` runs its body in one immediate (exclusive-writer) transaction: either everything it did commits or
/// nothing does, and no other process or task writes in between — which is how two processes on one wallet never
/// select the same proofs. `read` sees a consistent snapshot; writing inside it throws.
///
/// Both are `async` and run their (synchronous) body off Swift concurrency's cooperative threads wherever the body
/// could block (SQLite's busy wait on another process's write, disk I/O), so a wallet waiting on its store never
/// starves the tasks that would let it go on. A transaction, once begun, runs to its end: cancelling the calling task
/// does not interrupt it (a settlement half-written because a user pressed ^C would only leave work for recovery).
///
/// Transactions do not nest: neither method may be called from inside a body, and the transaction must not be used
/// after its body returns. A body is synchronous by design: no transaction stays open across a network request.
package protocol WalletStore: Sendable {
    /// Runs `body` in a read-only transaction.
    func read<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T

    /// Runs `body` in one write transaction, committed when it returns and rolled back when it throws.
    func write<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T

    /// The leases that keep a journaled operation to the one wallet (and process) executing it; every wallet on this
    /// store must get the same ones, so that ``Wallet/recover()`` never resumes an operation still executing.
    var operationLeases: any OperationLeases { get }

    /// Ends the store's connections (and so every lease this process holds); nothing may be read or written after.
    /// Idempotent. A store that holds nothing open (an in-memory one, SQLite, which closes with its last reference)
    /// takes the default, which does nothing.
    func close() async
}

extension WalletStore {
    package func close() async {}
}
