// Storage: the balances of the SQLite wallet store, which its schema keeps in `proof_balances`.

import CashuEngine
import CashuSQL
import GRDB

extension SQLiteTransaction {
    /// Reads the trigger-maintained `proof_balances` (see ``SQLiteMigrations/proofBalances``): a few rows, however
    /// many proofs. SQL keeps the low and high 32-bit halves of the sums apart; Swift joins them with overflow checks.
    func balances(statuses: Set<ProofStatus>) throws -> [ProofBalance] {
        let selected = (statuses.isEmpty ? Set(ProofStatus.allCases) : statuses).map(\.rawValue).sorted()
        let balances = try fetch(
            Self.balancesSQL(statusCount: selected.count), selected.map { .text($0) }, during: "balances",
            ProofBalance.init(sqlRow:))
        return balances.sorted(by: ProofBalance.storeOrder)
    }

    /// The balances query for `statusCount` statuses.
    static func balancesSQL(statusCount: Int) -> String {
        "SELECT status, mint_url, unit, count, low, high FROM proof_balances WHERE status IN \(SQL.list(statusCount))"
    }

    /// What `proof_balances` must hold, computed from `proofs` (every status).
    static let balancesFromProofsSQL = """
        SELECT status, mint_url, unit, COUNT(*) AS count, SUM(amount & 4294967295) AS low,
            SUM((amount >> 32) & 4294967295) AS high
        FROM proofs GROUP BY status, mint_url, unit
        """

    /// What `proof_counts` must hold, computed from `proofs` (every status).
    static let countsFromProofsSQL = """
        SELECT status, mint_url, unit, keyset_id, amount, COUNT(*) AS count
        FROM proofs GROUP BY status, mint_url, unit, keyset_id, amount
        """
}
