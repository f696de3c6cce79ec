// Storage: a balance from a row of the balances query (each store sums it its own way, into the same columns).

import CashuEngine

extension ProofBalance {
    /// Reads `status, mint_url, unit, count, low, high`: the count and the sums of the low and high 32-bit halves of
    /// the amounts, which SQL keeps apart (amounts are stored as the bits of a UInt64) and Swift joins with overflow
    /// checks.
    package init(sqlRow row: some SQLRow) throws(StorageError) {
        let r = SQLRowReader(row, table: "proof_balances")
        self.init(
            mintURL: try r.mintURL(),
            unit: CurrencyUnit(rawValue: try r.text("unit")),
            status: try r.parsed("status") { ProofStatus(rawValue: $0) },
            amount: try AmountSum.combining(high: r.uint64("high"), low: r.uint64("low")),
            count: try r.int("count"))
    }
}
