// Test support: a real SQLite wallet store in a temporary directory of its own, which goes away with it.

import CoreCashu

/// A ``SQLiteWalletStore`` in its own temporary directory, which goes away with it.
package final class TemporarySQLiteStore: RecordSealingStore {
    package let directory: TemporaryDirectory
    package let store: SQLiteWalletStore

    package init() throws {
        directory = try TemporaryDirectory()
        store = try SQLiteWalletStore(path: directory.databasePath)
    }

    package func read<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws -> T { try await store.read(body) }

    package func write<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws -> T { try await store.write(body) }
    package var operationLeases: any OperationLeases { store.operationLeases }

    package func hasPlaintextRecords(_ tx: any WalletTransaction) throws -> Bool { try store.hasPlaintextRecords(tx) }

    package func useSealer(_ sealer: RecordSealer, sealPlaintext: Bool) async throws -> Int {
        try await store.useSealer(sealer, sealPlaintext: sealPlaintext)
    }

    package func reseal(with sealer: RecordSealer) async throws -> Int { try await store.reseal(with: sealer) }
}
