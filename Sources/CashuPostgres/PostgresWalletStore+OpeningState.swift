// Storage: what a PostgreSQL store reads when it opens for the wallet's open (OpeningStateStore), with its schema's
// version, in one statement.

import CashuEngine
import CashuSQL
import Logging
import PostgresNIO

extension PostgresWalletStore {
    /// What the store read when it opened, the first time it is asked and when nothing was written since; otherwise
    /// a read of one statement.
    package func openingState(countingPlaintext: Bool) async throws -> StoredOpeningState {
        try await openedState.answer(countingPlaintext: countingPlaintext) {
            try await transaction(readOnly: true, during: "openingState") { tx in
                try tx.openingState(countingPlaintext: countingPlaintext)
            }
        }
    }

    /// The schema's migration version and what the wallet's open reads, in one statement on `connection` outside
    /// any transaction (one statement is one snapshot). Fails on a schema that does not exist or lacks a table or a
    /// column the statement reads (one that migrations create).
    /// Waits at most `timeout` (the connection is then closed), and fails when the connection closes first: a
    /// connection the server dropped right after the login never answers.
    static func versionAndOpeningState(
        on connection: PostgresConnection, schema: String, within timeout: TimeAmount, logger: Logger
    ) async throws -> (version: Int, state: StoredOpeningState) {
        let (columns, values) = SQLOpeningState.columns(.postgres, countingPlaintext: true)
        var bindings = PostgresBindings(capacity: values.count)
        for value in values { value.append(to: &bindings) }
        let version = PostgresMigrations.versionQuery(schema: schema)
        let query = PostgresQuery(
            unsafeSQL: SQL.numbered("SELECT (\(version)) AS version, \(columns)"), binds: bindings)
        let result = try await PostgresWait.answer(on: connection, within: timeout, during: "open") {
            connection.query(query, logger: logger)
        }
        guard let row = result.rows.first.map(PostgresSQLRow.init) else {
            throw StorageError(.database, "the opening read answered no row")
        }
        return (try SQLRowReader(row, table: "cashu_migrations").int("version"), try SQLOpeningState.decode(row))
    }
}
