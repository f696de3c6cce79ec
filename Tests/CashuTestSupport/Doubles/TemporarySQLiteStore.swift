// Test support: a real SQLite wallet store in a temporary directory of its own, which goes away with it.

import CoreCashu

/// A ``SQLiteWalletStore`` in its own temporary directory, which goes away with it.
public final class TemporarySQLiteStore: RecordSealingStore {
    public let directory: TemporaryDirectory
    public let store: SQLiteWalletStore

    public init() throws {
        directory = try TemporaryDirectory()
        store = try SQLiteWalletStore(path: directory.databasePath)
    }

    public func read<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws -> T { try await store.read(body) }

    public func write<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws -> T { try await store.write(body) }
    public var operationLeases: any OperationLeases { store.operationLeases }

    public func useSealer(_ sealer: RecordSealer) async throws -> Int { try await store.useSealer(sealer) }

    public func reseal(with sealer: RecordSealer) async throws -> Int { try await store.reseal(with: sealer) }
}
