// Storage: the statements of proof queries that the store and the query-plan tests share.

import CashuEngine

/// The statements of proof queries that tests also read (query plans).
package enum ProofQueries {
    /// Proofs by status (and mint, and unit), oldest first; `statuses` sorted, so that the text does not depend on a
    /// set's order.
    package static func byStatus(
        _ dialect: SQLDialect, statuses: [String], mintURL: MintURL?, unit: CurrencyUnit?
    ) -> (sql: String, values: [SQLValue]) {
        var (condition, values) = dialect.membership("status", statuses)
        if let mintURL {
            condition += " AND mint_url = ?"
            values.append(.text(mintURL.rawValue))
        }
        if let unit {
            condition += " AND unit = ?"
            values.append(.text(unit.rawValue))
        }
        return ("SELECT \(StoredProof.sqlColumns) FROM proofs WHERE \(condition) ORDER BY created_at, seq", values)
    }
}
