// Storage: the SQLite wallet file's permissions and schema version, handled before the store is used.

import CashuEngine
import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum SQLiteFiles {
    /// Creates the database file 0600 if it is missing and brings it and its companions to 0600.
    ///
    /// SQLite creates `-wal` and `-shm` with the permissions of the database file, so a 0600 database keeps them
    /// private without touching the process umask (which other threads share).
    static func preparePrivateFiles(databasePath path: String) throws(StorageError) {
        let files = FileManager.default
        do {
            if !files.fileExists(atPath: path) {
                do {
                    // An empty file is an empty SQLite database; `withoutOverwriting` never truncates one another
                    // process created in the meantime.
                    try Data().write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
                } catch where files.fileExists(atPath: path) {}
            }
        } catch {
            throw StorageError(.unavailable, "the wallet database file cannot be created", underlying: error)
        }
        // One stat each (a wallet opened before needs no change): every command opens the wallet.
        for suffix in ["", "-wal", "-shm"] {
            var info = stat()
            guard stat(path + suffix, &info) == 0, info.st_mode & 0o777 != 0o600 else { continue }
            guard chmod(path + suffix, 0o600) == 0 else {
                let reason = String(cString: strerror(errno))
                throw StorageError(.unavailable, "the wallet database file cannot be made private: \(reason)")
            }
        }
    }

    /// Opens a pool, makes its writer durable and migrates the schema.
    ///
    /// Opening can meet `SQLITE_BUSY` without SQLite's busy handler being asked (switching a new file to WAL while
    /// another process does the same), so a busy open is retried until the configured busy timeout has passed.
    /// - Returns: the pool, and what the wallet's open reads (``OpeningStateReader``) when the schema was already at
    ///   this version: read in the same snapshot as the schema's version.
    static func open(
        path: String, configuration: Configuration
    ) throws(StorageError) -> (pool: DatabasePool, openingState: StoredOpeningState?) {
        let deadline = Date().addingTimeInterval(configuration.busyTimeout)
        var delay = 0.005
        while true {
            do throws(StorageError) {
                let pool: DatabasePool
                let current: StoredOpeningState?
                do {
                    pool = try DatabasePool(path: path, configuration: configuration)
                    current = try pool.writeWithoutTransaction { db in
                        // DatabasePool's WAL set-up runs `PRAGMA synchronous = NORMAL` on the writer after
                        // `prepareDatabase`; put FULL back so that a commit survives power loss.
                        try db.execute(sql: "PRAGMA synchronous = FULL")
                        // On the writer, which has the schema already (no reader connection is opened for it), in
                        // one snapshot: another process migrating meanwhile is seen by both answers or by neither.
                        var opening: StoredOpeningState?
                        do {
                            try db.inTransaction(.deferred) {
                                let state = try migrationState(db)
                                if !state.superseded && state.completed {
                                    opening = try SQLiteTransaction(db: db, isReadOnly: true, sealer: nil)
                                        .openingState(countingPlaintext: true)
                                }
                                return .commit
                            }
                        } catch {
                            // A schema another process is creating right now (`no such table: grdb_migrations`
                            // when two open a new file together): settled under the lock by `migrate(_:)`.
                            return nil
                        }
                        return opening
                    }
                } catch {
                    throw StorageError(mapping: error, during: "open", fallback: .unavailable)
                }
                // A wallet already at this version (every open but the first after an upgrade) takes no lock; any
                // other is migrated, or refused when a newer version wrote it, by `migrate(_:)`.
                if current == nil { try migrateExclusively(pool, databasePath: path) }
                return (pool, current)
            } catch where error.code == .busy && Date() < deadline {
                Thread.sleep(forTimeInterval: delay)
                delay = min(delay * 2, 0.1)
            }
        }
    }

    /// ``migrate(_:)`` under an exclusive `flock` on `<database>.migrate-lock`, so that processes opening a new or
    /// older wallet together migrate it one after the other (each migration is its own transaction: without the
    /// lock, two processes interleave and the later ones fail). Without a lock file (read-only directory) it
    /// migrates unlocked, relying on the retries.
    private static func migrateExclusively(_ pool: DatabasePool, databasePath: String) throws(StorageError) {
        #if canImport(Glibc)
            let descriptor = Glibc.open(databasePath + ".migrate-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #else
            let descriptor = Darwin.open(databasePath + ".migrate-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        #endif
        guard descriptor >= 0 else { return try migrate(pool) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { return try migrate(pool) }
        }
        defer { flock(descriptor, LOCK_UN) }
        try migrate(pool)
    }

    /// Applies the migrations this version knows.
    ///
    /// GRDB reads which migrations were applied outside the migration's transaction, so two processes opening a new
    /// wallet together can both try `v1`; the loser's transaction fails and rolls back, and finding every migration
    /// applied afterwards is success.
    private static func migrate(_ pool: DatabasePool) throws(StorageError) {
        let migrator = SQLiteMigrations.migrator
        var attempt = 0
        while true {
            attempt += 1
            do {
                // Asked again under the lock: another process may have migrated meanwhile.
                let (superseded, completed) = try pool.read(migrationState)
                if superseded {
                    throw StorageError(.unavailable, "the wallet database was written by a newer version")
                }
                if completed { return }
                try migrator.migrate(pool)
                return
            } catch let error as StorageError {
                throw error
            } catch {
                if (try? pool.read(migrator.hasCompletedMigrations)) == true { return }
                let mapped = StorageError(mapping: error, during: "migrate", fallback: .unavailable)
                guard attempt < 3, mapped.code != .busy else { throw mapped }
            }
        }
    }

    /// Whether a newer version migrated the database, and whether it has every migration this version knows.
    private static func migrationState(_ db: Database) throws -> (superseded: Bool, completed: Bool) {
        let migrator = SQLiteMigrations.migrator
        return (try migrator.hasBeenSuperseded(db), try migrator.hasCompletedMigrations(db))
    }
}

extension Configuration {
    /// The busy timeout this configuration sets, 0 when it sets none.
    var busyTimeout: TimeInterval {
        if case .timeout(let seconds) = busyMode { return seconds }
        return 0
    }
}
