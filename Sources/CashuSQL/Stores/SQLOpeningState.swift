// Storage: the statement that reads what opening a wallet needs (OpeningStateReader), the same for both databases.

import CashuEngine

/// The parts of the opening read: the two metadata values, whether a record is in plaintext, whether work is
/// unfinished; and the conditions `hasPlaintextRecords` and `hasUnfinishedWork` ask alone.
package enum SQLOpeningState {
    /// The columns `fingerprint`, `generation`, `plaintext` and `unfinished` of a `SELECT` (`?` placeholders), with
    /// their values; without `countingPlaintext`, `plaintext` is 0. Built once per dialect (every open asks).
    package static func columns(_ dialect: SQLDialect, countingPlaintext: Bool) -> (sql: String, values: [SQLValue]) {
        switch (dialect, countingPlaintext) {
        case (.sqlite, true): sqliteColumns.counting
        case (.sqlite, false): sqliteColumns.uncounted
        case (.postgres, true): postgresColumns.counting
        case (.postgres, false): postgresColumns.uncounted
        }
    }

    private static let sqliteColumns = (
        counting: buildColumns(.sqlite, countingPlaintext: true),
        uncounted: buildColumns(.sqlite, countingPlaintext: false)
    )
    private static let postgresColumns = (
        counting: buildColumns(.postgres, countingPlaintext: true),
        uncounted: buildColumns(.postgres, countingPlaintext: false)
    )

    private static func buildColumns(
        _ dialect: SQLDialect, countingPlaintext: Bool
    ) -> (sql: String, values: [SQLValue]) {
        let (unfinished, values) = unfinishedWorkCondition(dialect)
        let plaintext = countingPlaintext ? SQL.flag(plaintextCondition) : "CAST(0 AS BIGINT)"
        return (
            """
            (SELECT value FROM metadata WHERE key = ?) AS fingerprint,
                (SELECT value FROM metadata WHERE key = ?) AS generation,
                \(plaintext) AS plaintext,
                \(SQL.flag(unfinished)) AS unfinished
            """,
            [.text(StoredOpeningState.fingerprintKey), .text(StoredOpeningState.generationKey)] + values
        )
    }

    /// The state in a row holding ``columns(_:countingPlaintext:)``.
    package static func decode(_ row: some SQLRow) throws(StorageError) -> StoredOpeningState {
        let reader = SQLRowReader(row, table: "metadata")
        return StoredOpeningState(
            fingerprint: try reader.optionalText("fingerprint"),
            generation: try reader.optionalText("generation"),
            hasPlaintext: try reader.int("plaintext") > 0,
            hasUnfinishedWork: try reader.int("unfinished") > 0)
    }

    /// True while any record is still in plaintext (partial indexes answer for the big tables).
    static let plaintextCondition = """
        EXISTS (SELECT 1 FROM proofs WHERE sealed IS NULL)
            OR EXISTS (SELECT 1 FROM operations WHERE sealed IS NULL)
            OR EXISTS (SELECT 1 FROM queued_operations WHERE sealed IS NULL)
            OR EXISTS (SELECT 1 FROM auth_proofs WHERE sealed IS NULL)
            OR EXISTS (SELECT 1 FROM mint_quotes WHERE sealed IS NULL)
        """

    /// True while an operation is unfinished or a proof is reserved, with its values.
    static func unfinishedWorkCondition(_ dialect: SQLDialect) -> (sql: String, values: [SQLValue]) {
        let (condition, states) = dialect.membership(
            "state", OperationState.allCases.filter(\.isUnfinished).map(\.rawValue))
        return (
            "EXISTS (SELECT 1 FROM operations WHERE \(condition)) OR EXISTS (SELECT 1 FROM proofs WHERE status = ?)",
            states + [.text(ProofStatus.reserved.rawValue)]
        )
    }
}
