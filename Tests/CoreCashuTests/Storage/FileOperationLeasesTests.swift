// Tests of Storage/Leases/FileOperationLeases.swift: private lock files, removed when released, one holder only.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("File operation leases")
struct FileOperationLeasesTests {
    static func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func lockFilesArePrivateAndRemovedOnRelease() throws {
        let directory = try TemporaryDirectory()
        let locks = directory.url.appendingPathComponent("locks")
        let leases = FileOperationLeases(directory: locks)
        let id = OperationID.random()
        let lease = try #require(try leases.acquire(id))
        let file = locks.appendingPathComponent("\(id).lock").path
        #expect(try Self.mode(locks.path) == 0o700)
        #expect(try Self.mode(file) == 0o600)
        lease.release()
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try FileManager.default.contentsOfDirectory(atPath: locks.path).isEmpty)
    }

    @Test func existingLooseFilesAreTightened() throws {
        let directory = try TemporaryDirectory()
        let locks = directory.url.appendingPathComponent("locks")
        let id = OperationID.random()
        let file = locks.appendingPathComponent("\(id).lock").path
        try FileManager.default.createDirectory(
            at: locks, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        #expect(FileManager.default.createFile(atPath: file, contents: nil, attributes: [.posixPermissions: 0o644]))
        let lease = try #require(try FileOperationLeases(directory: locks).acquire(id))
        #expect(try Self.mode(locks.path) == 0o700)
        #expect(try Self.mode(file) == 0o600)
        lease.release()
    }

    /// Two lease tables on one directory (two processes, or two stores in one) exclude each other.
    @Test func separateTablesOnOneDirectoryExcludeEachOther() throws {
        let directory = try TemporaryDirectory()
        let first = FileOperationLeases(directory: directory.url)
        let second = FileOperationLeases(directory: directory.url)
        let id = OperationID.random()
        let lease = try #require(try first.acquire(id))
        #expect(try second.acquire(id) == nil)
        lease.release()
        let taken = try #require(try second.acquire(id))
        #expect(try first.acquire(id) == nil)
        taken.release()
    }

    /// An id that is not a plain identifier cannot name a path outside the directory.
    @Test func oddIdsStayInsideTheDirectory() throws {
        let directory = try TemporaryDirectory()
        let leases = FileOperationLeases(directory: directory.url.appendingPathComponent("locks"))
        let id = OperationID(rawValue: "../escape")
        #expect(try FileOperationLeases.fileName(id) == "x-2e2e2f657363617065.lock")
        let lease = try #require(try leases.acquire(id))
        #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("escape.lock").path))
        lease.release()
        let long = OperationID(rawValue: String(repeating: "é", count: 60))
        #expect(throws: StorageError.self) { try FileOperationLeases.fileName(long) }
        #expect(FileOperationLeases.operationID(fileName: "x-2e2e2f657363617065.lock") == id)
        #expect(FileOperationLeases.operationID(fileName: "notes.txt") == nil)
    }

    @Test func aFileWhereTheDirectoryShouldBeIsRefused() throws {
        let directory = try TemporaryDirectory()
        let locks = directory.url.appendingPathComponent("locks")
        #expect(FileManager.default.createFile(atPath: locks.path, contents: nil))
        #expect(throws: StorageError.self) { try FileOperationLeases(directory: locks).acquire(OperationID.random()) }
    }
}
