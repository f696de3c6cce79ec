// Storage: a wallet store held in memory, for tests of wallet logic; it keeps the SQLite store's semantics.

import Dispatch

/// A `WalletStore` that keeps everything in memory and loses it when released.
///
/// It behaves like `SQLiteWalletStore` — the same ordering, the same errors, the same all-or-nothing writes, bodies
/// run on dispatch queues, never on Swift concurrency's threads — so that wallet logic tested against it behaves the
/// same on disk. Writes run one at a time on a serial queue; a write body works on a copy of the state that replaces
/// it only when the body returns. Reads run on a snapshot and do not wait for writes (as SQLite's WAL readers do not).
/// Neither `read` nor `write` may be called from inside another transaction's body.
package final class InMemoryWalletStore: WalletStore {
    /// The last committed state; held only to take a snapshot or to commit.
    private let committed = Locked(InMemoryWalletState())
    /// Runs write bodies one at a time, so that writes are serialised while reads go on.
    private let writer = DispatchQueue(label: "cashu.store.memory.writer")

    /// Leases exclusive between the wallets sharing this store (no other process can see it).
    package let operationLeases: any OperationLeases = InProcessOperationLeases()

    /// Creates an empty store.
    package init() {}

    /// Runs `body` on a snapshot of the last committed state; it does not wait for a write in progress.
    /// - Parameter body: reads through the transaction; any write method throws `StorageError` `readOnly`.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws.
    package func read<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws -> T {
        let snapshot = committed.withLock { $0 }
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try body(InMemoryTransaction(state: snapshot, isReadOnly: true)) })
            }
        }
    }

    /// Runs `body` alone against the store, keeping what it did only when it returns.
    /// - Parameter body: reads and writes through the transaction.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, after discarding everything it did.
    package func write<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            writer.async {
                let transaction = InMemoryTransaction(state: self.committed.withLock { $0 }, isReadOnly: false)
                let outcome = Result { try body(transaction) }
                if case .success = outcome {
                    let state = transaction.state
                    self.committed.withLock { $0 = state }
                }
                continuation.resume(with: outcome)
            }
        }
    }
}
