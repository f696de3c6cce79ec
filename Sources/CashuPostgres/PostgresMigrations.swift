// Storage: the PostgreSQL wallet schema as append-only, versioned migrations (STYLE.md rule 6).
//
// A migration that has shipped is never edited: a schema change is a new entry appended to `all`. Each migration's
// SQL is written out in full. Migrations run in one transaction holding the wallet's write lock, so two processes
// opening a new wallet at once apply each one exactly once (the second finds it recorded).

import CashuEngine
import CashuSQL
import Foundation

enum PostgresMigrations {
    /// Every migration, oldest first; the version is the position plus one.
    static let all: [String] = [v1, v2, v3, v4]

    /// The first schema: the SQLite store's v1-v4 in one, in PostgreSQL's types (formats in CashuSQL's `SQLValue`).
    ///
    /// `seq` (an identity column) orders records with equal timestamps in insertion order. There are no cross-table
    /// foreign keys, as in the SQLite schema: records arrive in any order, and a keyset's counter outlives it.
    /// Balances were grouped from `proofs` through `proofs_by_status` until v4, which keeps counts by trigger.
    static let v1 = """
        CREATE TABLE mints (
            url TEXT NOT NULL PRIMARY KEY,
            info_json BYTEA,
            info_fetched_at DOUBLE PRECISION,
            added_at DOUBLE PRECISION NOT NULL
        );
        CREATE TABLE keysets (
            id TEXT NOT NULL PRIMARY KEY,
            mint_url TEXT NOT NULL,
            unit TEXT NOT NULL,
            active BOOLEAN NOT NULL,
            input_fee_ppk BIGINT NOT NULL,
            final_expiry BIGINT,
            keys_json TEXT
        );
        CREATE INDEX keysets_by_mint ON keysets (mint_url, id);
        CREATE TABLE counters (
            keyset_id TEXT NOT NULL PRIMARY KEY,
            next BIGINT NOT NULL
        );
        CREATE TABLE proofs (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            y TEXT NOT NULL UNIQUE,
            mint_url TEXT NOT NULL,
            unit TEXT NOT NULL,
            keyset_id TEXT NOT NULL,
            amount BIGINT NOT NULL,
            secret TEXT NOT NULL, c TEXT NOT NULL, dleq_json TEXT, witness TEXT, p2pk_e TEXT,
            status TEXT NOT NULL, operation_id TEXT,
            created_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX proofs_by_status ON proofs (status, mint_url, unit, created_at);
        CREATE INDEX proofs_by_operation ON proofs (operation_id) WHERE operation_id IS NOT NULL;
        CREATE TABLE operations (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            mint_url TEXT NOT NULL,
            unit TEXT NOT NULL,
            state TEXT NOT NULL,
            payload BYTEA NOT NULL,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX operations_by_state ON operations (state, created_at);
        CREATE TABLE mint_quotes (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            mint_url TEXT NOT NULL,
            unit TEXT NOT NULL,
            method TEXT NOT NULL,
            amount BIGINT NOT NULL,
            request TEXT NOT NULL,
            state TEXT NOT NULL,
            expiry BIGINT,
            pubkey TEXT,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX mint_quotes_by_mint ON mint_quotes (mint_url, created_at);
        CREATE TABLE melt_quotes (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            mint_url TEXT NOT NULL,
            unit TEXT NOT NULL,
            method TEXT NOT NULL,
            request TEXT NOT NULL,
            amount BIGINT NOT NULL,
            fee_reserve BIGINT NOT NULL,
            state TEXT NOT NULL,
            expiry BIGINT,
            payment_preimage TEXT,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX melt_quotes_by_mint ON melt_quotes (mint_url, created_at);
        CREATE TABLE history (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            kind TEXT NOT NULL,
            mint_url TEXT NOT NULL,
            unit TEXT NOT NULL,
            amount BIGINT NOT NULL,
            fee BIGINT NOT NULL,
            state TEXT NOT NULL,
            memo TEXT,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX history_by_time ON history (created_at);
        CREATE TABLE metadata (
            key TEXT NOT NULL PRIMARY KEY,
            value TEXT NOT NULL
        );
        CREATE TABLE queued_operations (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id TEXT NOT NULL UNIQUE,
            mint_url TEXT NOT NULL,
            kind TEXT NOT NULL,
            payload BYTEA NOT NULL,
            state TEXT NOT NULL,
            attempts BIGINT NOT NULL,
            last_error_code TEXT,
            last_error TEXT,
            operation_id TEXT,
            result BYTEA,
            created_at DOUBLE PRECISION NOT NULL,
            updated_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX queued_operations_by_state ON queued_operations (state, mint_url, created_at);
        CREATE TABLE auth_proofs (
            seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            mint_url TEXT NOT NULL,
            keyset_id TEXT NOT NULL,
            secret TEXT NOT NULL UNIQUE,
            c TEXT NOT NULL,
            dleq_json TEXT,
            created_at DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX auth_proofs_by_mint ON auth_proofs (mint_url, created_at);
        """

    /// Ecash encrypted at rest (``RecordSealer``), as the SQLite store's v5: `sealed` holds a record's secret fields
    /// sealed together, its own columns are left empty, and a secret used as a key becomes its keyed tag.
    static let v2 = """
        ALTER TABLE proofs ADD COLUMN sealed BYTEA; ALTER TABLE operations ADD COLUMN sealed BYTEA;
        ALTER TABLE queued_operations ADD COLUMN sealed BYTEA; ALTER TABLE auth_proofs ADD COLUMN sealed BYTEA;
        ALTER TABLE mint_quotes ADD COLUMN sealed BYTEA;
        CREATE INDEX proofs_unsealed ON proofs (seq) WHERE sealed IS NULL;
        CREATE INDEX operations_unsealed ON operations (seq) WHERE sealed IS NULL
        """

    /// Choosing inputs without reading every proof: input selection counts the unspent proofs of a mint and unit per
    /// keyset and amount (a GROUP BY that reads only this index), then takes the oldest of each keyset and amount
    /// (`ORDER BY created_at, seq` with a LIMIT, which the index answers in order). Built on the proofs already held.
    static let v3 = """
        CREATE INDEX proofs_by_bucket ON proofs (status, mint_url, unit, keyset_id, amount, created_at, seq)
        """

    /// Input selection and balances in time that does not grow with the wallet, as the SQLite store's v6:
    /// `proof_counts` holds, per status, mint, unit, keyset and amount, the number of proofs, kept by statement-level
    /// triggers in the transaction that changes `proofs` (every write holds the wallet's advisory lock, so no two
    /// writers race on a row of it). Selection starts from its few rows, and balances are summed from it, instead of
    /// grouping every proof. Each trigger reads its statement's changed rows as a transition table and applies their
    /// net change per bucket in one statement; a bucket that reaches zero is deleted. The functions keep the schema's
    /// search path of the moment they were made, so they write this wallet's table whoever calls them. The table is
    /// filled from the proofs already held, in the migration's transaction.
    static let v4 = """
        CREATE TABLE proof_counts (
            status TEXT NOT NULL,
            mint_url TEXT NOT NULL,
            unit TEXT NOT NULL,
            keyset_id TEXT NOT NULL,
            amount BIGINT NOT NULL,
            count BIGINT NOT NULL,
            PRIMARY KEY (status, mint_url, unit, keyset_id, amount)
        );
        INSERT INTO proof_counts (status, mint_url, unit, keyset_id, amount, count)
            SELECT status, mint_url, unit, keyset_id, amount, COUNT(*) FROM proofs
            GROUP BY status, mint_url, unit, keyset_id, amount;
        CREATE FUNCTION proof_counts_inserted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            INSERT INTO proof_counts AS kept (status, mint_url, unit, keyset_id, amount, count)
                SELECT status, mint_url, unit, keyset_id, amount, COUNT(*) FROM added
                GROUP BY status, mint_url, unit, keyset_id, amount
                ON CONFLICT (status, mint_url, unit, keyset_id, amount)
                DO UPDATE SET count = kept.count + excluded.count;
            RETURN NULL;
        END
        $$;
        CREATE FUNCTION proof_counts_deleted() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            UPDATE proof_counts AS kept SET count = kept.count - gone.count
                FROM (
                    SELECT status, mint_url, unit, keyset_id, amount, COUNT(*) AS count FROM removed
                    GROUP BY status, mint_url, unit, keyset_id, amount
                ) AS gone
                WHERE kept.status = gone.status AND kept.mint_url = gone.mint_url AND kept.unit = gone.unit
                    AND kept.keyset_id = gone.keyset_id AND kept.amount = gone.amount;
            DELETE FROM proof_counts WHERE count <= 0;
            RETURN NULL;
        END
        $$;
        CREATE FUNCTION proof_counts_updated() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
        BEGIN
            INSERT INTO proof_counts AS kept (status, mint_url, unit, keyset_id, amount, count)
                SELECT status, mint_url, unit, keyset_id, amount, SUM(change) FROM (
                    SELECT status, mint_url, unit, keyset_id, amount, 1 AS change FROM added
                    UNION ALL
                    SELECT status, mint_url, unit, keyset_id, amount, -1 AS change FROM removed
                ) AS changes
                GROUP BY status, mint_url, unit, keyset_id, amount HAVING SUM(change) <> 0
                ON CONFLICT (status, mint_url, unit, keyset_id, amount)
                DO UPDATE SET count = kept.count + excluded.count;
            DELETE FROM proof_counts WHERE count <= 0;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER proofs_count_insert AFTER INSERT ON proofs REFERENCING NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION proof_counts_inserted();
        CREATE TRIGGER proofs_count_delete AFTER DELETE ON proofs REFERENCING OLD TABLE AS removed
            FOR EACH STATEMENT EXECUTE FUNCTION proof_counts_deleted();
        CREATE TRIGGER proofs_count_update AFTER UPDATE ON proofs REFERENCING OLD TABLE AS removed NEW TABLE AS added
            FOR EACH STATEMENT EXECUTE FUNCTION proof_counts_updated()
        """

    /// Brings the schema up to date inside `tx`, which holds the wallet's write lock.
    /// - Throws: `StorageError` `unavailable` when the schema was written by a newer version.
    static func migrate(_ tx: PostgresTransaction, schema: String) throws(StorageError) {
        let during = "migrate"
        try tx.execute("CREATE SCHEMA IF NOT EXISTS \(schema)", during: during)
        try tx.execute(
            """
            CREATE TABLE IF NOT EXISTS \(schema).cashu_migrations (
                version INTEGER NOT NULL PRIMARY KEY,
                applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
            )
            """, during: during)
        let applied = try appliedVersion(tx, schema: schema)
        guard applied <= all.count else {
            throw StorageError(
                .unavailable,
                "the wallet's schema is at version \(applied), written by a newer version of this program")
        }
        for (index, sql) in all.enumerated() where index + 1 > applied {
            // One statement at a time: the extended protocol takes one per query.
            for statement in statements(sql) { try tx.execute(statement, during: "migration v\(index + 1)") }
            try tx.execute(
                "INSERT INTO \(schema).cashu_migrations (version) VALUES ($1)", [.integer(Int64(index + 1))],
                during: during)
        }
    }

    /// How many migrations `schema` has; fails when it has no migrations table.
    static func appliedVersion(_ tx: PostgresTransaction, schema: String) throws(StorageError) -> Int {
        try tx.count(versionQuery(schema: schema), [], column: "version", table: "cashu_migrations", during: "migrate")
    }

    /// The statement of ``appliedVersion(_:schema:)``.
    static func versionQuery(schema: String) -> String {
        "SELECT CAST(COALESCE(MAX(version), 0) AS BIGINT) AS version FROM \(schema).cashu_migrations"
    }

    /// The statements of a migration: its text split at each `;` outside a `$$`-quoted function body, trimmed, the
    /// empty ones left out. No migration holds a `;` in a string literal or a comment.
    static func statements(_ sql: String) -> [String] {
        var statements: [String] = []
        var current = ""
        var quoted = false
        var rest = Substring(sql)
        while let first = rest.first {
            if rest.hasPrefix("$$") {
                quoted.toggle()
                current += "$$"
                rest = rest.dropFirst(2)
            } else if first == ";" && !quoted {
                statements.append(current)
                current = ""
                rest = rest.dropFirst()
            } else {
                current.append(first)
                rest = rest.dropFirst()
            }
        }
        statements.append(current)
        return statements.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
