// Storage: the embedded wallet store — SQLite through GRDB, WAL, one immediate write transaction per `write`.

import CashuEngine
import CashuSQL
import Foundation
import GRDB

/// The default `WalletStore`: one SQLite file, safe to share between processes (the CLI and the refresh timer).
///
/// - Each `write` is one `BEGIN IMMEDIATE` transaction: it takes SQLite's write lock before its first statement, so
///   proofs selected in it cannot be selected by another process until it commits. A process that finds the lock
///   taken waits up to the busy timeout, then fails with `StorageError` `busy`.
/// - Each `read` is a deferred, query-only transaction: a consistent snapshot that writers do not block (WAL mode).
///   The first few run on the writer connection when nothing is queued there, the rest on reader connections (see
///   ``writerReadLimit``).
/// - `synchronous = FULL`: a committed write is on disk (the WAL is synced on every commit) before `write` returns.
/// - The file and its `-wal` and `-shm` companions are 0600; operation lock files (`locks/`, 0700) are 0600.
/// - Once a wallet has handed it its keys (`RecordSealingStore`), the secret fields of every record are sealed
///   (`RecordSealer`): the file, its WAL and its backups hold no proof secret, signature or blinding factor.
///
/// Neither `read` nor `write` may be called from inside another transaction's body.
package final class SQLiteWalletStore: SQLRecordSealingStore, OpeningStateStore {
    let pool: DatabasePool
    /// The keys records are sealed with, once the wallet handed them over (``useSealer(_:sealPlaintext:)``).
    private let sealerState = Locked<RecordSealer?>(nil)
    var sealer: RecordSealer? { sealerState.withLock { $0 } }
    /// Work queued or running on the writer connection (writes, and reads that found it idle), and how many reads
    /// it has served.
    private let writer = Locked((jobs: 0, reads: 0))
    /// What the open read for the wallet's open, until it is asked for or the store writes.
    let openedState = OpeningStateAtOpen()

    /// How many reads the writer connection serves (each when nothing is queued there) before reads go to reader
    /// connections only. Opening a reader connection parses the schema (45 objects: 0.6 to 0.9 ms of an open in the
    /// store benchmarks), while a read on the writer costs about 0.2 ms more than on a reader (GRDB's writer-side
    /// bookkeeping: 275 against 65 µs of CPU for a balance). So a command, which opens the wallet and reads a few
    /// times, never opens a reader; a long-running process opens one after its first reads and keeps it.
    static let writerReadLimit = 4

    /// The database file's path.
    package let path: String

    /// `flock` leases on files in `locks/` beside the database (`FileOperationLeases`), which every process opening
    /// this database shares.
    package let operationLeases: any OperationLeases

    /// Opens (creating and migrating when needed) the wallet database in a wallet directory.
    /// - Parameters:
    ///   - directory: the wallet directory; created 0700 if missing.
    ///   - busyTimeout: how long a write waits for another process's write to finish.
    /// - Throws: `StorageError`: `unavailable` when the directory or database cannot be created, opened or
    ///   migrated (or was written by a newer version), `corrupt` when the file is not a database.
    package convenience init(directory: WalletDirectory, busyTimeout: TimeInterval = 10) throws(StorageError) {
        try directory.create()
        try self.init(path: directory.databaseURL.path, busyTimeout: busyTimeout)
    }

    /// Opens (creating and migrating when needed) the wallet database at `path`.
    /// - Parameters:
    ///   - path: the database file; its directory must exist.
    ///   - busyTimeout: how long a write waits for another process's write to finish.
    /// - Throws: `StorageError`: `unavailable` when the database cannot be created, opened or migrated (or was
    ///   written by a newer version), `corrupt` when the file is not a database.
    package init(path: String, busyTimeout: TimeInterval = 10) throws(StorageError) {
        try SQLiteFiles.preparePrivateFiles(databasePath: path)
        let opened = try SQLiteFiles.open(path: path, configuration: Self.configuration(busyTimeout: busyTimeout))
        pool = opened.pool
        if let state = opened.openingState { openedState.keep(state) }
        self.path = path
        operationLeases = FileOperationLeases(
            directory: URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("locks"))
    }

    static func configuration(busyTimeout: TimeInterval) -> Configuration {
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.publicStatementArguments = false
        configuration.prepareDatabase { db in
            // SQLite's WAL default is a build option and GRDB sets NORMAL on the pool's writer (see SQLiteFiles.open),
            // which can lose the last commits on power loss.
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Overwrite deleted rows (spent proofs' secrets) instead of leaving them in free pages.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        return configuration
    }

    /// Runs `body` on a consistent snapshot: on the writer connection when nothing is queued there and it has served
    /// fewer than ``writerReadLimit`` reads, else on one of GRDB's reader connections (opened when first needed).
    /// - Parameter body: reads through the transaction; any write method throws `StorageError` `readOnly`.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or `StorageError` when the snapshot cannot be taken.
    package func read<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws -> T {
        // GRDB's async `read` interrupts the statement when the task is cancelled; the callback forms run to the end.
        // Checked and claimed in one step, so two reads never both take an idle writer's slot.
        let idle = writer.withLock { writer -> Bool in
            guard writer.jobs == 0, writer.reads < Self.writerReadLimit else { return false }
            writer.jobs += 1
            writer.reads += 1
            return true
        }
        let outcome: Result<T, any Error>
        if idle {
            // As on a reader connection: `query_only` set, so the commit does not look like a write.
            outcome = await runClaimed { database in
                try database.readOnly { try Self.transaction(database, .deferred, self.sealer, body) }
            }
        } else {
            outcome = await withCheckedContinuation { continuation in
                pool.asyncRead { database in
                    continuation.resume(
                        returning: Result {
                            try body(SQLiteTransaction(db: database.get(), isReadOnly: true, sealer: self.sealer))
                        })
                }
            }
        }
        do { return try outcome.get() } catch let error as DatabaseError {
            throw StorageError(sqlite: error, during: "read")
        }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction on GRDB's writer queue, committed when it returns and rolled
    /// back when it throws. The busy wait for another process's write happens on that queue, not on a Swift
    /// concurrency thread.
    /// - Parameter body: reads and writes through the transaction.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or `StorageError` when the transaction cannot begin or commit (`busy` after
    ///   the busy timeout, `diskFull`, ...).
    package func write<T: Sendable>(
        _ body: @escaping @Sendable (any WalletTransaction) throws -> T
    ) async throws -> T {
        let sealer = self.sealer
        let outcome: Result<T, any Error> = await onWriter { database in
            try Self.transaction(database, .immediate, sealer, body)
        }
        do { return try outcome.get() } catch let error as DatabaseError {
            throw StorageError(sqlite: error, during: "write")
        }
    }

    /// What the open read (``OpeningStateAtOpen``), else a read of one statement.
    package func openingState(countingPlaintext: Bool) async throws -> StoredOpeningState {
        try await openedState.answer(countingPlaintext: countingPlaintext) {
            try await read { tx in
                guard let tx = tx as? SQLiteTransaction else {
                    throw StorageError(.database, "a transaction of another store")
                }
                return try tx.openingState(countingPlaintext: countingPlaintext)
            }
        }
    }

    /// Runs `work` on the writer connection, counted in ``writer`` while it is queued and running.
    private func onWriter<T: Sendable>(
        _ work: @escaping @Sendable (Database) throws -> T
    ) async -> Result<T, any Error> {
        writer.withLock { $0.jobs += 1 }
        // A write makes what the open read stale.
        openedState.forget()
        return await runClaimed(work)
    }

    /// Runs `work` on the writer connection for a job already counted in ``writer``, and uncounts it when done.
    private func runClaimed<T: Sendable>(
        _ work: @escaping @Sendable (Database) throws -> T
    ) async -> Result<T, any Error> {
        await withCheckedContinuation { continuation in
            pool.asyncWriteWithoutTransaction { database in
                let result = Result { try work(database) }
                self.writer.withLock { $0.jobs -= 1 }
                continuation.resume(returning: result)
            }
        }
    }

    /// `body` in one transaction of `kind` on `database`, committed when it returns: `.immediate` for a write,
    /// `.deferred` for a read (read-only through the transaction).
    private static func transaction<T>(
        _ database: Database, _ kind: Database.TransactionKind, _ sealer: RecordSealer?,
        _ body: (SQLiteTransaction) throws -> T
    ) throws -> T {
        let isReadOnly = kind == .deferred
        var result: T?
        try database.inTransaction(kind) {
            result = try body(SQLiteTransaction(db: database, isReadOnly: isReadOnly, sealer: sealer))
            return .commit
        }
        guard let result else {
            throw StorageError(.database, "the \(isReadOnly ? "read" : "write") transaction returned nothing")
        }
        return result
    }

    /// Seals with `sealer` from now on; with `sealPlaintext`, after sealing every record still in plaintext in one
    /// transaction and emptying the WAL, so no plaintext page stays in it (deleted rows were already overwritten:
    /// `secure_delete`).
    @discardableResult
    package func useSealer(_ sealer: RecordSealer, sealPlaintext: Bool) async throws -> Int {
        // A wallet already sealed (every open but the first) takes no write lock for it.
        guard sealPlaintext else {
            sealerState.withLock { $0 = sealer }
            return 0
        }
        let sealed = try await sealing(with: sealer, all: false, generation: nil)
        sealerState.withLock { $0 = sealer }
        return sealed
    }

    /// Re-seals every record with `sealer`'s generation and records it, in one transaction; then seals with it.
    @discardableResult
    package func reseal(with sealer: RecordSealer) async throws -> Int {
        let sealed = try await sealing(with: sealer, all: true, generation: sealer.generation)
        sealerState.withLock { $0 = sealer }
        return sealed
    }

    /// Checkpoints the whole WAL and truncates it, so no frame of the plaintext pages stays in it. A reader of
    /// another process holding an old snapshot makes SQLite report "busy" (in the result row, not as an error): try
    /// again for a while, then leave it to the next checkpoint.
    private static func truncateWAL(_ database: Database) throws {
        for attempt in 0..<50 {
            let busy = try Int.fetchOne(database, sql: "PRAGMA wal_checkpoint(TRUNCATE)") ?? 0
            if busy == 0 { return }
            if attempt < 49 { usleep(100_000) }
        }
    }

    private func sealing(with sealer: RecordSealer, all: Bool, generation: UInt32?) async throws -> Int {
        let outcome: Result<Int, any Error> = await onWriter { database in
            let sealed = try Self.transaction(database, .immediate, sealer) { tx in
                let sealed = try tx.sealRecords(all: all)
                if let generation {
                    try tx.setMetadata(RecordSealer.generationMetadataKey, String(generation))
                }
                return sealed
            }
            if sealed > 0 { try Self.truncateWAL(database) }
            return sealed
        }
        do { return try outcome.get() } catch let error as DatabaseError {
            throw StorageError(sqlite: error, during: "seal records")
        }
    }
}
