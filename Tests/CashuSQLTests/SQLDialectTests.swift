// Tests of CashuSQL/SQLDialect.swift: what the two dialects spell differently, and the statement builders.

import CashuSQL
import Testing

@Suite("SQLDialect and statement text")
struct SQLDialectTests {
    @Test func placeholdersAreNumberedInOrderForPostgreSQL() {
        #expect(
            SQL.numbered("UPDATE t SET a = ?, b = ? WHERE c IN (?, ?)")
                == "UPDATE t SET a = $1, b = $2 WHERE c IN ($3, $4)")
        #expect(SQL.numbered("SELECT 1") == "SELECT 1")
        #expect(SQL.numbered("SELECT pg_advisory_xact_lock($1)") == "SELECT pg_advisory_xact_lock($1)")
    }

    @Test func listsAndRows() {
        #expect(SQL.list(1) == "(?)")
        #expect(SQL.list(3) == "(?, ?, ?)")
        #expect(SQL.rows(2, of: 2) == "(?, ?), (?, ?)")
    }

    @Test func membershipBindsEachValueOnSQLiteAndOneListOnPostgreSQL() {
        let sqlite = SQLDialect.sqlite.membership("y", ["a", "b"])
        #expect(sqlite.sql == "y IN (?, ?)")
        #expect(sqlite.values == [.text("a"), .text("b")])
        let postgres = SQLDialect.postgres.membership("y", ["a", "b"])
        #expect(postgres.sql == "y = ANY(?)")
        #expect(postgres.values == [.textList(["a", "b"])])
    }

    @Test func orderingAndIndexHints() {
        #expect(SQLDialect.sqlite.byteOrder("url") == "url")
        #expect(SQLDialect.postgres.byteOrder("url") == #"url COLLATE "C""#)
        #expect(SQLDialect.sqlite.indexedBy("proofs_by_bucket") == " INDEXED BY proofs_by_bucket")
        #expect(SQLDialect.postgres.indexedBy("proofs_by_bucket").isEmpty)
        #expect(SQLDialect.sqlite.insertBatch == 1)
        #expect(SQLDialect.postgres.insertBatch > 1)
    }
}
