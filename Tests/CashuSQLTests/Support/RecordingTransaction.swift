// Test support: an SQLTransaction that records the statements it is given and answers with scripted rows.

import CashuEngine
import CashuSQL

/// Records each statement (its text and values) and answers every query with `rows`; `changes` rows changed each.
final class RecordingTransaction: SQLTransaction {
    let dialect: SQLDialect
    let isReadOnly: Bool
    let sealer: RecordSealer? = nil
    var statements: [(sql: String, values: [SQLValue])] = []
    var rows: [DictionaryRow] = []
    var changes = 1

    init(_ dialect: SQLDialect, readOnly: Bool = false) {
        self.dialect = dialect
        isReadOnly = readOnly
    }

    func execute(_ sql: String, _ values: [SQLValue], during operation: String) throws(StorageError) -> Int {
        statements.append((sql, values))
        return changes
    }

    func fetch<T>(
        _ sql: String, _ values: [SQLValue], during operation: String, _ map: (DictionaryRow) throws(StorageError) -> T
    ) throws(StorageError) -> [T] {
        statements.append((sql, values))
        var result: [T] = []
        for row in rows { result.append(try map(row)) }
        return result
    }
}
