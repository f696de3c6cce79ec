// Engine tests: a wallet store whose writes can be made to fail on cue (a full disk), over an in-memory store.

@testable import CashuEngine

/// An ``InMemoryWalletStore`` whose next writes fail with a ``StorageError`` once armed.
final class FailingStore: WalletStore {
    let inner = InMemoryWalletStore()
    private let failures = Locked(0)

    var operationLeases: any OperationLeases { inner.operationLeases }

    /// Makes the next `count` writes fail (without running their body).
    func failNextWrites(_ count: Int) {
        failures.withLock { $0 = count }
    }

    func read<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        try await inner.read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        let fail = failures.withLock { count -> Bool in
            guard count > 0 else { return false }
            count -= 1
            return true
        }
        if fail { throw StorageError(.database, "disk full (scripted)") }
        return try await inner.write(body)
    }
}
