// Wallet saga: the one history line of a receive split into several swaps — how each part's end changes it.

import Foundation

/// How the shared history line of a ``ReceiveGroup`` follows its parts. It is journaled showing the whole token
/// (amount and fee of every part) as pending. A part that fails takes its amount and fee off; once no part is open,
/// the line is done if anything arrived and failed if nothing did.
enum ReceiveGroupHistory {
    /// The line after one part closed.
    /// - Parameters:
    ///   - entry: the leader's history line.
    ///   - part: the closed part's amount and fee.
    ///   - settled: whether the part's swap happened (its proofs are the wallet's).
    ///   - othersOpen: whether any other part of the group is still open.
    static func closing(
        _ entry: HistoryEntry, part: ReceiveGroupPart, settled: Bool, othersOpen: Bool, at now: Date
    ) -> HistoryEntry {
        var entry = entry
        if !settled {
            entry.amount -= min(entry.amount, part.amount)
            entry.fee -= min(entry.fee, part.fee)
        }
        if !othersOpen { entry.state = entry.amount > 0 ? .done : .failed }
        entry.updatedAt = now
        return entry
    }
}
