// Test support — the wallet store backends the shared contract suite runs against (STYLE.md rule 6).

import Foundation
import Testing

@testable import CoreCashu

/// Makes a fresh, empty store of one backend.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () throws -> any WalletStore

    var testDescription: String { name }

    static let inMemory = StoreFactory(name: "in-memory") { InMemoryWalletStore() }
    static let sqlite = StoreFactory(name: "SQLite") { try TemporarySQLiteStore() }

    /// Every backend; each contract test runs once per entry.
    static let all: [StoreFactory] = [.inMemory, .sqlite]
}

/// A directory under the system's temporary directory, removed when released.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var databasePath: String { url.appendingPathComponent(WalletDirectory.databaseFileName).path }
}

/// A ``SQLiteWalletStore`` in its own temporary directory, which goes away with it.
final class TemporarySQLiteStore: WalletStore {
    let directory: TemporaryDirectory
    let store: SQLiteWalletStore

    init() throws {
        directory = try TemporaryDirectory()
        store = try SQLiteWalletStore(path: directory.databasePath)
    }

    func read<T>(_ body: (any WalletTransaction) throws -> T) throws -> T { try store.read(body) }
    func write<T>(_ body: (any WalletTransaction) throws -> T) throws -> T { try store.write(body) }
    var operationLeases: any OperationLeases { store.operationLeases }
}

/// Expects `body` to throw a ``StorageError`` with `code`.
func expectStorageError<T>(
    _ code: StorageError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) {
    do {
        _ = try body()
        Issue.record("expected StorageError.\(code), got no error", sourceLocation: sourceLocation)
    } catch let error as StorageError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected StorageError.\(code), got \(error)", sourceLocation: sourceLocation)
    }
}
