// Storage: the balances of the PostgreSQL wallet store, summed from its `proof_counts`.

import CashuEngine
import CashuSQL

extension PostgresTransaction {
    /// Sums the trigger-kept `proof_counts` (PostgresMigrations.v4) by mint, unit and status: a few rows however
    /// many proofs. SQL sums the low and high 32-bit halves apart (amounts are stored as the bits of a UInt64; a half
    /// times a count below 2^31 fits a BIGINT); Swift joins them with overflow checks.
    func balances(statuses: Set<ProofStatus>) throws -> [ProofBalance] {
        let selected = (statuses.isEmpty ? Set(ProofStatus.allCases) : statuses).map(\.rawValue).sorted()
        let balances = try fetch(
            """
            SELECT status, mint_url, unit, SUM(count)::BIGINT AS count,
                SUM((amount & 4294967295) * count)::BIGINT AS low,
                SUM(((amount >> 32) & 4294967295) * count)::BIGINT AS high
            FROM proof_counts WHERE status = ANY($1) GROUP BY status, mint_url, unit
            """, [.textList(selected)], during: "balances", ProofBalance.init(sqlRow:))
        return balances.sorted(by: ProofBalance.storeOrder)
    }
}
