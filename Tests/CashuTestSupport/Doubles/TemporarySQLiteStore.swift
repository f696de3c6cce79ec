// Test support: a real SQLite wallet store in a temporary directory of its own, which goes away with it.

import CoreCashu

/// A ``SQLiteWalletStore`` in its own temporary directory, which goes away with it.
public final class TemporarySQLiteStore: WalletStore {
    public let directory: TemporaryDirectory
    public let store: SQLiteWalletStore

    public init() throws {
        directory = try TemporaryDirectory()
        store = try SQLiteWalletStore(path: directory.databasePath)
    }

    public func read<T>(_ body: (any WalletTransaction) throws -> T) throws -> T { try store.read(body) }
    public func write<T>(_ body: (any WalletTransaction) throws -> T) throws -> T { try store.write(body) }
    public var operationLeases: any OperationLeases { store.operationLeases }
}
