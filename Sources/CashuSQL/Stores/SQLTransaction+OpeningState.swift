// Storage: what opening a wallet reads from a SQL store, in one statement (OpeningStateReader).

import CashuEngine

extension SQLTransaction {
    package func openingState(countingPlaintext: Bool) throws -> StoredOpeningState {
        let (columns, values) = SQLOpeningState.columns(dialect, countingPlaintext: countingPlaintext)
        let state = try fetchOne("SELECT \(columns)", values, during: "openingState") { row throws(StorageError) in
            try SQLOpeningState.decode(row)
        }
        guard let state else { throw StorageError(.database, "openingState: no row") }
        return state
    }
}
