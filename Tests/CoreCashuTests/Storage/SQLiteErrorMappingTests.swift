// Tests of Storage/SQLite/SQLiteErrorMapping.swift: SQLite result codes as StorageError codes, with no bound values.

import GRDB
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("SQLite error mapping")
struct SQLiteErrorMappingTests {
    @Test(arguments: [
        (ResultCode.SQLITE_FULL, StorageError.Code.diskFull),
        (.SQLITE_BUSY, .busy),
        (.SQLITE_BUSY_SNAPSHOT, .busy),
        (.SQLITE_LOCKED, .busy),
        (.SQLITE_CONSTRAINT, .conflict),
        (.SQLITE_CONSTRAINT_UNIQUE, .conflict),
        (.SQLITE_CORRUPT, .corrupt),
        (.SQLITE_NOTADB, .corrupt),
        (.SQLITE_CANTOPEN, .unavailable),
        (.SQLITE_IOERR, .database),
        (.SQLITE_ERROR, .database),
    ])
    func resultCodes(_ code: ResultCode, _ expected: StorageError.Code) {
        let error = StorageError(sqlite: DatabaseError(resultCode: code), during: "test")
        #expect(error.code == expected)
        #expect(error.underlying is DatabaseError)
    }

    @Test func openingFallsBackToUnavailable() {
        #expect(StorageError(sqlite: DatabaseError(resultCode: .SQLITE_IOERR), during: "open", fallback: .unavailable)
            .code == .unavailable)
        #expect(StorageError(mapping: CancellationError(), during: "open", fallback: .unavailable).code == .unavailable)
        let passedThrough = StorageError(mapping: StorageError(.notFound, "x"), during: "open")
        #expect(passedThrough.code == .notFound && passedThrough.reason == "x")
    }

    @Test func boundArgumentsAreDropped() throws {
        let original = DatabaseError(
            resultCode: .SQLITE_CONSTRAINT, message: "UNIQUE constraint failed: proofs.y",
            sql: "INSERT INTO proofs (secret) VALUES (?)", arguments: ["the-secret"])
        let error = StorageError(sqlite: original, during: "addProofs")
        #expect(error.code == .conflict)
        #expect(error.reason.contains("addProofs") && error.reason.contains("UNIQUE constraint failed"))
        let underlying = try #require(error.underlying as? DatabaseError)
        #expect(underlying.arguments == nil)
        #expect(underlying.extendedResultCode == .SQLITE_CONSTRAINT)
        #expect(!"\(error) \(underlying.expandedDescription)".contains("the-secret"))
    }
}
