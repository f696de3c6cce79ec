// Tests of CashuPostgres/PostgresErrorMapping.swift: real server errors as StorageError codes, with no bound values.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuPostgres
import CashuSQL
import CoreCashu

@Suite("PostgreSQL error mapping")
struct PostgresErrorMappingTests {
    /// The StorageError that the last of `statements` (run in one transaction of `store`, after the others) fails with.
    static func error(
        _ store: PostgresWalletStore, readOnly: Bool = false, _ statements: [String],
        _ values: [SQLValue] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) async -> StorageError? {
        do {
            try await store.transaction(readOnly: readOnly, during: "test") { tx in
                for sql in statements.dropLast() { try tx.execute(sql, during: "test") }
                try tx.execute(statements.last ?? "", values, during: "test")
            }
            Issue.record("no error", sourceLocation: sourceLocation)
        } catch let error as StorageError {
            return error
        } catch {
            Issue.record("not a StorageError: \(error)", sourceLocation: sourceLocation)
        }
        return nil
    }

    @Test func serverErrorsByTheirSQLState() async throws {
        let store = try await StoreFactory.makePostgresStore()
        let secret = "do-not-print-this-value"
        try await store.write { tx in try tx.setMetadata(secret, "value") }

        // The server's DETAIL names the duplicate key (the secret): it is left out.
        let conflict = await Self.error(
            store, ["INSERT INTO metadata (key, value) VALUES ($1, $2)"], [.text(secret), "x"])
        #expect(conflict?.code == .conflict)
        #expect(conflict?.reason.contains("23505") == true && conflict?.reason.contains("metadata_pkey") == true)
        let readOnly = await Self.error(
            store, readOnly: true, ["INSERT INTO metadata VALUES ($1, $2)"], ["a", .text(secret)])
        #expect(readOnly?.code == .readOnly)
        #expect(await Self.error(store, ["SELECT 9223372036854775807::bigint + $1"], [.integer(1)])?.code == .overflow)
        let canceled = await Self.error(store, ["SET LOCAL statement_timeout = 50", "SELECT pg_sleep(5)"])
        #expect(canceled?.code == .busy)
        #expect(await Self.error(store, ["SELEC 1"])?.code == .database)
        #expect(await Self.error(store, ["SELECT * FROM no_such_table"])?.code == .database)
        for error in [conflict, readOnly] {
            let printed = "\(String(describing: error)) \(String(describing: error?.underlying))"
            #expect(!printed.contains(secret), "\(printed)")
        }
        // The store goes on after each failed transaction.
        #expect(try await store.read { tx in try tx.metadata(secret) } == "value")
        await store.close()
    }

    /// Another store holds the wallet's write lock: a lock wait past `lock_timeout` is `busy`.
    @Test func aLockTimeoutIsBusy() async throws {
        let schema = TestPostgres.freshSchema()
        let holder = try await StoreFactory.makePostgresStore(schema: schema)
        let other = try await StoreFactory.makePostgresStore(schema: schema)
        let key = PostgresLockKey.writes(schema: schema)
        let code = try await holder.write { _ throws in
            try onAnotherTask {
                await Self.error(
                    other, readOnly: true, ["SET LOCAL lock_timeout = 50", "SELECT pg_advisory_xact_lock($1)"],
                    [.integer(key)]
                )?.code
            }
        }
        #expect(code == .busy)
        await holder.close()
        await other.close()
    }

    @Test func otherErrors() {
        struct Elsewhere: Error {}
        let passed = StorageError(postgres: StorageError(.notFound, "x"), during: "test")
        #expect(passed.code == .notFound && passed.reason == "x")
        let other = StorageError(postgres: Elsewhere(), during: "open")
        #expect(other.code == .unavailable && other.reason.contains("open"))
    }
}
