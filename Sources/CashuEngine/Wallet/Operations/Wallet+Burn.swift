// Wallet: burning what the mint says is spent — the spendable proofs of a mint checked with NUT-07, and those it
// reports spent marked spent (Nutshell's `burn`, cdk-cli's `check-spent`). Nothing is sent to be spent.

import Foundation

extension Wallet {
    /// Asks `mint` (NUT-07) for the state of every proof the wallet holds as spendable there, and marks spent those it
    /// says are spent: they were spent elsewhere (a copy of a token, the same recovery phrase in another wallet), and
    /// the balance counted ecash that is gone. A history line per unit tells how much.
    ///
    /// Nothing is sent to be spent, and only a definite `SPENT` burns a proof: `PENDING` and unknown states keep it.
    /// Proofs an operation holds (reserved, pending, sent) are its own to resolve (``recover()``, ``check(mint:)``).
    ///
    /// - Throws: ``WalletError`` `mintUnreachable` (or another mint error) when the mint cannot answer; nothing is
    ///   changed then. `unknownMint` for a mint the wallet does not know.
    public func burnSpent(mint: MintURL) async throws(WalletError) -> BurnReport {
        try await requireMint(mint)
        let held = try await read { tx in try tx.proofs(mintURL: mint, unit: nil, statuses: [.unspent]) }
        var report = BurnReport(checked: held.count)
        guard !held.isEmpty else { return report }
        let states: [CompressedPoint: ProofState.State]
        do { states = try await proofStates(mint, Ys: held.map(\.Y)) } catch { throw WalletError.mint(error) }
        report.pending = held.count(where: { states[$0.Y] == .pending })
        let spent = Set(held.filter { states[$0.Y] == .spent }.map(\.Y))
        guard !spent.isEmpty else { return report }
        report.burned = try await write { tx -> [ActivityEntry] in
            // Only proofs still spendable: one an operation took meanwhile is that operation's to resolve.
            let burning = try tx.proofs(mintURL: mint, unit: nil, statuses: [.unspent]).filter {
                spent.contains($0.Y)
            }
            try tx.setStatus(.spent, Ys: burning.map(\.Y), operationID: nil)
            let now = Date()
            var lines: [ActivityEntry] = []
            let byUnit = Dictionary(grouping: burning, by: \.unit).sorted { $0.key.rawValue < $1.key.rawValue }
            for (unit, proofs) in byUnit {
                let entry = HistoryEntry(
                    id: OperationID.random(), kind: .burn, mintURL: mint, unit: unit,
                    amount: proofs.reduce(UInt64(0)) { $0 &+ $1.amount }, fee: 0, state: .done, createdAt: now,
                    updatedAt: now)
                try tx.saveHistoryEntry(entry)
                lines.append(ActivityEntry(entry))
            }
            return lines
        }
        for entry in report.burned {
            logger.notice(
                "burned proofs the mint reports spent",
                metadata: ["mint": "\(mint)", "unit": "\(entry.unit)", "amount": "\(entry.amount)"])
            await emitBalance(mint, unit: entry.unit)
        }
        return report
    }
}
