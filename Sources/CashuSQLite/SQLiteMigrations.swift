// Storage: the SQLite wallet schema as append-only migrations (STYLE.md rule 6).
//
// A migration that has shipped is never edited: a schema change is a new migration appended to `migrator`. Each
// migration's SQL is written out in full, never built from shared constants that a later change could alter.

import CashuEngine
import GRDB

enum SQLiteMigrations {
    /// Every migration, oldest first.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1", migrate: v1)
        migrator.registerMigration("v2", migrate: v2)
        migrator.registerMigration("v3", migrate: v3)
        migrator.registerMigration("v4", migrate: v4)
        migrator.registerMigration("v5", migrate: v5)
        migrator.registerMigration("v6", migrate: v6)
        return migrator
    }

    /// The first schema.
    ///
    /// `proof_balances` holds, per mint, unit and status, the number of proofs and the sums of the low and high
    /// 32-bit halves of their amounts, kept by triggers in the transaction that changes `proofs`. `balances` reads it
    /// instead of grouping `proofs`: a GROUP BY over 10,000 proofs takes about a millisecond, this table a few
    /// microseconds. The halves are summed apart because amounts are stored as the bits of a UInt64 (negative above
    /// `Int64.max`); neither sum can overflow below 2^31 proofs per group. `SQLiteTransaction.balancesFromProofsSQL`
    /// recomputes it from `proofs`, for checks and for a later migration that has to rebuild it.
    ///
    /// Column formats are described in CashuSQL's `SQLValue`. Tables that list records in insertion order among equal
    /// timestamps carry `seq INTEGER PRIMARY KEY` (the rowid, which `VACUUM` keeps) with the natural key `UNIQUE`.
    /// No cross-table foreign keys: the protocols let records arrive in any order, and deletes do not cascade (a
    /// keyset's counter in particular outlives the keyset, so that a re-added keyset never reuses a counter).
    static func v1(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE mints (
                    url TEXT NOT NULL PRIMARY KEY,
                    info_json BLOB,
                    info_fetched_at REAL,
                    added_at REAL NOT NULL
                );
                CREATE TABLE keysets (
                    id TEXT NOT NULL PRIMARY KEY,
                    mint_url TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    active INTEGER NOT NULL CHECK (active IN (0, 1)),
                    input_fee_ppk INTEGER NOT NULL,
                    final_expiry INTEGER,
                    keys_json TEXT
                );
                CREATE INDEX keysets_by_mint ON keysets (mint_url, id);
                CREATE TABLE counters (
                    keyset_id TEXT NOT NULL PRIMARY KEY,
                    next INTEGER NOT NULL
                );
                CREATE TABLE proofs (
                    seq INTEGER PRIMARY KEY,
                    y TEXT NOT NULL UNIQUE,
                    mint_url TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    keyset_id TEXT NOT NULL,
                    amount INTEGER NOT NULL,
                    secret TEXT NOT NULL,
                    c TEXT NOT NULL,
                    dleq_json TEXT,
                    witness TEXT,
                    p2pk_e TEXT,
                    status TEXT NOT NULL,
                    operation_id TEXT,
                    created_at REAL NOT NULL
                );
                CREATE INDEX proofs_by_status ON proofs (status, mint_url, unit, created_at);
                CREATE INDEX proofs_by_operation ON proofs (operation_id) WHERE operation_id IS NOT NULL;
                CREATE TABLE proof_balances (
                    status TEXT NOT NULL,
                    mint_url TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    low INTEGER NOT NULL,
                    high INTEGER NOT NULL,
                    PRIMARY KEY (status, mint_url, unit)
                ) WITHOUT ROWID;
                CREATE TRIGGER proofs_balance_insert AFTER INSERT ON proofs BEGIN
                    INSERT INTO proof_balances (status, mint_url, unit, count, low, high)
                        VALUES (NEW.status, NEW.mint_url, NEW.unit, 1, NEW.amount & 4294967295,
                            (NEW.amount >> 32) & 4294967295)
                        ON CONFLICT (status, mint_url, unit) DO UPDATE SET count = count + 1,
                            low = low + excluded.low, high = high + excluded.high;
                END;
                CREATE TRIGGER proofs_balance_delete AFTER DELETE ON proofs BEGIN
                    UPDATE proof_balances SET count = count - 1, low = low - (OLD.amount & 4294967295),
                            high = high - ((OLD.amount >> 32) & 4294967295)
                        WHERE status = OLD.status AND mint_url = OLD.mint_url AND unit = OLD.unit;
                    DELETE FROM proof_balances
                        WHERE status = OLD.status AND mint_url = OLD.mint_url AND unit = OLD.unit AND count = 0;
                END;
                CREATE TRIGGER proofs_balance_update AFTER UPDATE OF status, mint_url, unit, amount ON proofs BEGIN
                    UPDATE proof_balances SET count = count - 1, low = low - (OLD.amount & 4294967295),
                            high = high - ((OLD.amount >> 32) & 4294967295)
                        WHERE status = OLD.status AND mint_url = OLD.mint_url AND unit = OLD.unit;
                    DELETE FROM proof_balances
                        WHERE status = OLD.status AND mint_url = OLD.mint_url AND unit = OLD.unit AND count = 0;
                    INSERT INTO proof_balances (status, mint_url, unit, count, low, high)
                        VALUES (NEW.status, NEW.mint_url, NEW.unit, 1, NEW.amount & 4294967295,
                            (NEW.amount >> 32) & 4294967295)
                        ON CONFLICT (status, mint_url, unit) DO UPDATE SET count = count + 1,
                            low = low + excluded.low, high = high + excluded.high;
                END;
                CREATE TABLE operations (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL,
                    mint_url TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    state TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX operations_by_state ON operations (state, created_at);
                CREATE TABLE mint_quotes (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    mint_url TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    method TEXT NOT NULL,
                    amount INTEGER NOT NULL,
                    request TEXT NOT NULL,
                    state TEXT NOT NULL,
                    expiry INTEGER,
                    pubkey TEXT,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX mint_quotes_by_mint ON mint_quotes (mint_url, created_at);
                CREATE TABLE melt_quotes (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    mint_url TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    method TEXT NOT NULL,
                    request TEXT NOT NULL,
                    amount INTEGER NOT NULL,
                    fee_reserve INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    expiry INTEGER,
                    payment_preimage TEXT,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX melt_quotes_by_mint ON melt_quotes (mint_url, created_at);
                CREATE TABLE history (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    kind TEXT NOT NULL,
                    mint_url TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    amount INTEGER NOT NULL,
                    fee INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    memo TEXT,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX history_by_time ON history (created_at);
                """)
    }

    /// Wallet metadata (which seed the wallet belongs to, ...): text values under text keys.
    static func v2(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE metadata (key TEXT PRIMARY KEY NOT NULL, value TEXT NOT NULL) WITHOUT ROWID")
    }

    /// The offline queue: operations asked for while their mint was unreachable (``QueuedOperationStore``).
    /// `payload` can hold a token worth money; `seq` orders entries queued at the same time.
    static func v3(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE queued_operations (
                    seq INTEGER PRIMARY KEY,
                    id TEXT NOT NULL UNIQUE,
                    mint_url TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    state TEXT NOT NULL,
                    attempts INTEGER NOT NULL,
                    last_error_code TEXT,
                    last_error TEXT,
                    operation_id TEXT,
                    result BLOB,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                );
                CREATE INDEX queued_operations_by_state ON queued_operations (state, mint_url, created_at);
                """)
    }

    /// The pool of NUT-22 blind auth tokens (``AuthProofStore``): bearer secrets for a mint's protected endpoints,
    /// handed out oldest first (`seq` breaks ties) and deleted as they are handed out.
    static func v4(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE auth_proofs (
                    seq INTEGER PRIMARY KEY,
                    mint_url TEXT NOT NULL,
                    keyset_id TEXT NOT NULL,
                    secret TEXT NOT NULL UNIQUE,
                    c TEXT NOT NULL,
                    dleq_json TEXT,
                    created_at REAL NOT NULL
                );
                CREATE INDEX auth_proofs_by_mint ON auth_proofs (mint_url, created_at);
                """)
    }

    /// Ecash encrypted at rest (``RecordSealer``): each table with secret fields gets `sealed`, the record's secret
    /// fields sealed together; their own columns are then left empty (`''`, NULL or an empty blob), and a secret used
    /// as a key (a NUT-22 token's secret, a mint quote's id) is replaced by its keyed tag. NULL: a plaintext record.
    /// Partial indexes find what is still in plaintext without a scan. The triggers stop a process of an older
    /// version still running (a service not restarted after the upgrade) from updating a sealed journal or queue
    /// entry's payload in plaintext: its update would leave the old sealed value in place, which is what is read, so
    /// the update would be lost without a word; it fails loudly instead.
    static func v5(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE proofs ADD COLUMN sealed BLOB;
                ALTER TABLE operations ADD COLUMN sealed BLOB;
                ALTER TABLE queued_operations ADD COLUMN sealed BLOB;
                ALTER TABLE auth_proofs ADD COLUMN sealed BLOB;
                ALTER TABLE mint_quotes ADD COLUMN sealed BLOB;
                CREATE INDEX proofs_unsealed ON proofs (seq) WHERE sealed IS NULL;
                CREATE INDEX operations_unsealed ON operations (seq) WHERE sealed IS NULL;
                CREATE TRIGGER operations_sealed_payload BEFORE UPDATE OF payload ON operations
                    WHEN OLD.sealed IS NOT NULL AND NEW.sealed IS OLD.sealed AND length(NEW.payload) > 0
                BEGIN
                    SELECT RAISE(ABORT, 'a sealed journal entry was updated by a version that does not seal');
                END;
                CREATE TRIGGER queued_operations_sealed_payload BEFORE UPDATE OF payload ON queued_operations
                    WHEN OLD.sealed IS NOT NULL AND NEW.sealed IS OLD.sealed AND length(NEW.payload) > 0
                BEGIN
                    SELECT RAISE(ABORT, 'a sealed queue entry was updated by a version that does not seal');
                END;
                """)
    }

    /// Choosing inputs without reading every proof. `proof_counts` holds, per status, mint, unit, keyset and amount,
    /// the number of proofs, kept by triggers in the transaction that changes `proofs` (as `proof_balances`): input
    /// selection starts from it (a few dozen rows however many proofs) instead of loading them all. `proofs_by_bucket`
    /// then finds the oldest proofs of one keyset and amount (`seq`, the rowid, ends every index entry, so `ORDER BY
    /// created_at, seq` with a LIMIT reads only the rows it returns). The table is filled from the proofs already held,
    /// in the migration's transaction.
    static func v6(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE proof_counts (
                    status TEXT NOT NULL,
                    mint_url TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    keyset_id TEXT NOT NULL,
                    amount INTEGER NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (status, mint_url, unit, keyset_id, amount)
                ) WITHOUT ROWID;
                INSERT INTO proof_counts (status, mint_url, unit, keyset_id, amount, count)
                    SELECT status, mint_url, unit, keyset_id, amount, COUNT(*) FROM proofs
                    GROUP BY status, mint_url, unit, keyset_id, amount;
                CREATE INDEX proofs_by_bucket ON proofs (status, mint_url, unit, keyset_id, amount, created_at);
                CREATE TRIGGER proofs_count_insert AFTER INSERT ON proofs BEGIN
                    INSERT INTO proof_counts (status, mint_url, unit, keyset_id, amount, count)
                        VALUES (NEW.status, NEW.mint_url, NEW.unit, NEW.keyset_id, NEW.amount, 1)
                        ON CONFLICT (status, mint_url, unit, keyset_id, amount) DO UPDATE SET count = count + 1;
                END;
                CREATE TRIGGER proofs_count_delete AFTER DELETE ON proofs BEGIN
                    UPDATE proof_counts SET count = count - 1
                        WHERE status = OLD.status AND mint_url = OLD.mint_url AND unit = OLD.unit
                            AND keyset_id = OLD.keyset_id AND amount = OLD.amount;
                    DELETE FROM proof_counts
                        WHERE status = OLD.status AND mint_url = OLD.mint_url AND unit = OLD.unit
                            AND keyset_id = OLD.keyset_id AND amount = OLD.amount AND count = 0;
                END;
                CREATE TRIGGER proofs_count_update AFTER UPDATE OF status, mint_url, unit, keyset_id, amount ON proofs
                BEGIN
                    UPDATE proof_counts SET count = count - 1
                        WHERE status = OLD.status AND mint_url = OLD.mint_url AND unit = OLD.unit
                            AND keyset_id = OLD.keyset_id AND amount = OLD.amount;
                    DELETE FROM proof_counts
                        WHERE status = OLD.status AND mint_url = OLD.mint_url AND unit = OLD.unit
                            AND keyset_id = OLD.keyset_id AND amount = OLD.amount AND count = 0;
                    INSERT INTO proof_counts (status, mint_url, unit, keyset_id, amount, count)
                        VALUES (NEW.status, NEW.mint_url, NEW.unit, NEW.keyset_id, NEW.amount, 1)
                        ON CONFLICT (status, mint_url, unit, keyset_id, amount) DO UPDATE SET count = count + 1;
                END;
                """)
    }
}
