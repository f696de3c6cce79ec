// Tests of PostgresMigrations.v4 (the trigger-kept `proof_counts`) and PostgresMigrations.statements, against a real
// server: the counts always equal a GROUP BY over `proofs`, and a wallet migrated from v3 starts with its counts.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuPostgres
import CoreCashu

@Suite("PostgresProofCounts")
struct PostgresProofCountsTests {
    typealias F = StoreFixtures

    static let kept = "SELECT status, mint_url, unit, keyset_id, amount, count FROM proof_counts ORDER BY 1, 2, 3, 4, 5"
    static let recounted = """
        SELECT status, mint_url, unit, keyset_id, amount, COUNT(*) FROM proofs
        GROUP BY status, mint_url, unit, keyset_id, amount ORDER BY 1, 2, 3, 4, 5
        """

    /// Both queries' rows in `schema`, through psql.
    static func counts(_ server: TestPostgres, _ schema: String) async throws -> (kept: String, recounted: String) {
        let path = "SET search_path TO \(schema); "
        return (try await server.psql(path + kept), try await server.psql(path + recounted))
    }

    /// Inserts, status moves, deletes and rolled-back writes, with amounts on both sides of `Int64.max`: the counts
    /// equal a GROUP BY after each, balances equal the sums, and nothing is left once every proof is gone.
    @Test func countsFollowTheProofs() async throws {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let store = try await PostgresWalletStore(
            configuration: PostgresStoreConfiguration(url: server.url("schema=\(schema)&sslmode=disable")))
        func expectConsistent(_ sourceLocation: SourceLocation = #_sourceLocation) async throws {
            let (kept, recounted) = try await Self.counts(server, schema)
            #expect(kept == recounted, sourceLocation: sourceLocation)
            let (balances, proofs) = try await store.read { tx in
                let every = Set(ProofStatus.allCases)
                return (try tx.balances(statuses: []), try tx.proofs(mintURL: nil, unit: nil, statuses: every))
            }
            var expected: [String: (count: Int, amount: UInt64)] = [:]
            for proof in proofs {
                let key = "\(proof.status.rawValue) \(proof.mintURL.rawValue) \(proof.unit.rawValue)"
                let (count, amount) = expected[key] ?? (0, 0)
                expected[key] = (count + 1, amount + proof.proof.amount)
            }
            #expect(balances.count == expected.count, sourceLocation: sourceLocation)
            for balance in balances {
                let key = "\(balance.status.rawValue) \(balance.mintURL.rawValue) \(balance.unit.rawValue)"
                #expect(expected[key]?.count == balance.count, sourceLocation: sourceLocation)
                #expect(expected[key]?.amount == balance.amount, sourceLocation: sourceLocation)
            }
        }
        var rng = SplitMix64(seed: 7)
        // One amount above Int64.max (stored as a negative BIGINT); the rest small enough that no sum overflows.
        let amounts: [UInt64] = [1, 2, 1 << 32, (1 << 32) - 1, 1 << 40, 1 << 50]
        let proofs = try (0..<200).map { index in
            try F.proof(
                amount: index == 0 ? (1 << 63) + 5 : amounts[Int(rng.next() % UInt64(amounts.count))],
                mint: index % 3 == 0 ? F.mintB : F.mintA, unit: index % 5 == 0 ? "usd" : .sat)
        }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        try await expectConsistent()
        // Added again (and a new one beside them): the copies already held are skipped, and not counted twice.
        let extra = try F.proof(amount: 2)
        _ = try await store.write { tx in try tx.addProofs(Array(proofs.prefix(20)) + [extra]) }
        try await expectConsistent()
        try await store.write { tx in try tx.removeProofs(Ys: [extra.Y]) }
        try await F.churn(store, proofs, rounds: 12, rng: &rng) { try await expectConsistent() }
        #expect(try await server.psql("SELECT COUNT(*) FROM \(schema).proof_counts") == "0\n")
        await store.close()
    }

    /// A wallet written before v4 (its proofs held, no counts) gets its counts filled by the migration.
    @Test func aWalletFromBeforeTheCountsGetsThemFilled() async throws {
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let url = server.url("schema=\(schema)&sslmode=disable")
        let store = try await PostgresWalletStore(configuration: PostgresStoreConfiguration(url: url))
        let proofs = try (0..<40).map { index in try F.proof(amount: 1 << UInt64(index % 5)) }
        _ = try await store.write { tx in try tx.addProofs(proofs) }
        await store.close()
        // Back to v3: the table, its triggers and functions gone, the migration unrecorded.
        _ = try await server.psql(
            """
            DROP TABLE \(schema).proof_counts; DROP TRIGGER proofs_count_insert ON \(schema).proofs;
            DROP TRIGGER proofs_count_delete ON \(schema).proofs; DROP TRIGGER proofs_count_update ON \(schema).proofs;
            DROP FUNCTION \(schema).proof_counts_inserted(); DROP FUNCTION \(schema).proof_counts_deleted();
            DROP FUNCTION \(schema).proof_counts_updated(); DELETE FROM \(schema).cashu_migrations WHERE version = 4
            """)
        let reopened = try await PostgresWalletStore(configuration: PostgresStoreConfiguration(url: url))
        let (kept, recounted) = try await Self.counts(server, schema)
        #expect(kept == recounted && kept.split(separator: "\n").count == 5, "\(kept)")
        let buckets = try await reopened.read { tx in
            try tx.proofBuckets(mintURL: F.mintA, unit: .sat, status: .unspent)
        }
        #expect(buckets.map(\.count).reduce(0, +) == 40)
        await reopened.close()
    }

    /// Statements split at `;`, except inside a `$$` body; blanks are dropped.
    @Test func statementsSplitOutsideFunctionBodies() {
        let sql = """
            CREATE TABLE a (x INT);
            CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                DELETE FROM a; RETURN NULL;
            END
            $$;
              ;
            CREATE INDEX i ON a (x)
            """
        let statements = PostgresMigrations.statements(sql)
        #expect(statements.count == 3)
        #expect(statements[1].hasPrefix("CREATE FUNCTION") && statements[1].hasSuffix("$$"))
        #expect(statements[1].contains("DELETE FROM a; RETURN NULL;"))
        #expect(statements[2] == "CREATE INDEX i ON a (x)")
        // v1-v3 hold no `$$`: split as they always were. v4: a table, its filling, three functions, three triggers.
        for sql in PostgresMigrations.all.prefix(3) {
            let plain = sql.split(separator: ";").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            #expect(PostgresMigrations.statements(sql) == plain.filter { !$0.isEmpty })
        }
        #expect(PostgresMigrations.statements(PostgresMigrations.v4).count == 8)
    }
}
