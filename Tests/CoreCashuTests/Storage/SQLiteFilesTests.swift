// Tests of CashuSQLite's WalletDirectory.swift and SQLiteFiles.swift: the wallet's files and who may read them.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet directory and file permissions")
struct SQLiteFilesTests {
    static func permissions(_ path: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    @Test func directoryIs0700AndDatabaseFilesAre0600() async throws {
        let root = try TemporaryDirectory()
        let directory = WalletDirectory(url: root.url.appendingPathComponent("xdg/cashu"))
        let store = try SQLiteWalletStore(directory: directory)
        _ = try await store.write { tx in try tx.addProofs([StoreFixtures.proof()]) }
        #expect(try Self.permissions(directory.url.path) == 0o700)
        let database = directory.databaseURL.path
        #expect(store.path == database)
        // While the store is open, the WAL and the shared-memory index exist next to the database.
        for path in [database, database + "-wal", database + "-shm"] {
            #expect(try Self.permissions(path) == 0o600, "\(path)")
        }
    }

    @Test func existingLoosePermissionsAreTightened() async throws {
        let root = try TemporaryDirectory()
        let directory = WalletDirectory(url: root.url.appendingPathComponent("cashu"))
        let files = FileManager.default
        try files.createDirectory(at: directory.url, withIntermediateDirectories: false)
        try files.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.url.path)
        let database = directory.databaseURL.path
        for path in [database, database + "-wal", database + "-shm"] {
            _ = files.createFile(atPath: path, contents: Data())
            try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        }
        try files.removeItem(atPath: database + "-wal")
        try files.removeItem(atPath: database + "-shm")
        // A leftover -wal from a crashed run: SQLite would replay it, so it must be private too.
        _ = files.createFile(atPath: database + "-wal", contents: Data())
        try files.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database + "-wal")

        let store = try SQLiteWalletStore(directory: directory)
        _ = try await store.write { tx in try tx.addProofs([StoreFixtures.proof()]) }
        #expect(try Self.permissions(directory.url.path) == 0o700)
        for path in [database, database + "-wal", database + "-shm"] {
            #expect(try Self.permissions(path) == 0o600, "\(path)")
        }
    }
}
