// Test support — the wallet store backends the shared contract suite runs against (STYLE.md rule 6).

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuPostgres
@testable import CashuSQLite
import CoreCashu

/// Makes a fresh, empty store of one backend.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () async throws -> any WalletStore

    var testDescription: String { name }

    static let inMemory = StoreFactory(name: "in-memory") { InMemoryWalletStore() }
    static let sqlite = StoreFactory(name: "SQLite") { try TemporarySQLiteStore() }
    /// A fresh schema on the test process's PostgreSQL server.
    static let postgres = StoreFactory(name: "PostgreSQL") { try await makePostgresStore() }

    /// SQLite with the records' secret fields sealed (as a wallet opened on it has them).
    static let sealedSQLite = StoreFactory(name: "SQLite, sealed") {
        let store = try TemporarySQLiteStore()
        try await store.store.useSealer(testSealer)
        return store
    }
    /// PostgreSQL with the records' secret fields sealed.
    static let sealedPostgres = StoreFactory(name: "PostgreSQL, sealed") {
        let store = try await makePostgresStore()
        try await store.useSealer(testSealer)
        return store
    }

    /// Every backend; each contract test runs once per entry.
    static let all: [StoreFactory] = [.inMemory, .sqlite, .postgres, .sealedSQLite, .sealedPostgres]

    /// Keys from a fixed test seed.
    static let testSealer = RecordSealer(seed: SecureBytes(Array(repeating: 7, count: 64)), generation: 0)

    /// A store in a new schema of the shared test server.
    static func makePostgresStore(schema: String = TestPostgres.freshSchema()) async throws -> PostgresWalletStore {
        let server = try await TestPostgres.shared
        return try await PostgresWalletStore(
            configuration: PostgresStoreConfiguration(
                url: server.url("schema=\(schema)&sslmode=disable&connect_timeout=60&pool_max_conns=2")))
    }
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

/// ``expectStorageError(_:sourceLocation:_:)`` for an async body.
func expectStorageError<T>(
    _ code: StorageError.Code, sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async {
    do {
        _ = try await body()
        Issue.record("expected StorageError.\(code), got no error", sourceLocation: sourceLocation)
    } catch let error as StorageError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected StorageError.\(code), got \(error)", sourceLocation: sourceLocation)
    }
}
