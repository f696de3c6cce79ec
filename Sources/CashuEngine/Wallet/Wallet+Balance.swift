// Wallet: balances and history, answered from the store without a network round trip.

extension Wallet {
    /// The spendable balance (unspent proofs) of a mint and unit; `nil` sums over all.
    public func balance(mint: MintURL? = nil, unit: CurrencyUnit? = nil) async throws(WalletError) -> UInt64 {
        let rows = try await read { tx in try tx.balances(statuses: [.unspent]) }
        var total: UInt64 = 0
        for row in rows where (mint == nil || row.mintURL == mint) && (unit == nil || row.unit == unit) {
            let (sum, overflow) = total.addingReportingOverflow(row.amount)
            guard !overflow else { throw WalletError(.storage, "the balance overflows 64 bits") }
            total = sum
        }
        return total
    }

    /// Sums per mint, unit and status (unspent, reserved, pending, sent).
    public func balances() async throws(WalletError) -> [ProofBalance] {
        try await read { tx in try tx.balances(statuses: [.unspent, .reserved, .pending, .sent]) }
    }

    /// The history's raw lines, newest first (a transfer as its melt and its mint); front ends read
    /// ``activity(limit:)``.
    package func history(limit: Int = 100) async throws(WalletError) -> [HistoryEntry] {
        try await read { tx in try tx.history(limit: limit) }
    }

    /// The stored proofs of a mint and unit in the given states (for export and tests).
    public func proofs(mint: MintURL? = nil, unit: CurrencyUnit? = nil, statuses: Set<ProofStatus> = [.unspent])
        async throws(WalletError) -> [StoredProof]
    {
        try await read { tx in try tx.proofs(mintURL: mint, unit: unit, statuses: statuses) }
    }
}
