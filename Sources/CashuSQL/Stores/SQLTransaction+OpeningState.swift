// Storage: what opening a wallet reads from a SQL store, in one statement (OpeningStateReader).

import CashuEngine

extension SQLTransaction {
    package func openingState(countingPlaintext: Bool) throws -> StoredOpeningState {
        let (unfinished, values) = unfinishedWorkCondition()
        let plaintext = countingPlaintext ? SQL.flag(Self.plaintextCondition) : "CAST(0 AS BIGINT)"
        let state = try fetchOne(
            """
            SELECT (SELECT value FROM metadata WHERE key = ?) AS fingerprint,
                (SELECT value FROM metadata WHERE key = ?) AS generation,
                \(plaintext) AS plaintext,
                \(SQL.flag(unfinished)) AS unfinished
            """, [.text(StoredOpeningState.fingerprintKey), .text(StoredOpeningState.generationKey)] + values,
            during: "openingState"
        ) { row throws(StorageError) in
            let reader = SQLRowReader(row, table: "metadata")
            return StoredOpeningState(
                fingerprint: try reader.optionalText("fingerprint"),
                generation: try reader.optionalText("generation"),
                hasPlaintext: try reader.int("plaintext") > 0,
                hasUnfinishedWork: try reader.int("unfinished") > 0)
        }
        guard let state else { throw StorageError(.database, "openingState: no row") }
        return state
    }
}
