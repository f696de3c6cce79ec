// Offline queue: finds, in the wallet's history, the receive that already took a queued token (an attempt that was
// interrupted after the mint had swapped it, or the same token received by other means meanwhile).

import CoreCashu
import Foundation

/// Matches a queued token to a settled receive in the wallet's history.
///
/// Funds never depend on this: the mint swaps a proof once, so a second receive of a token already received gets
/// `alreadySpent` and credits nothing. This only decides how the queue reports that second answer: as the earlier
/// receive (done) when the history holds one that fits, else as a failure (spent by someone else).
///
/// A receive fits when it is settled (`done`), at the token's mint and unit, with the token's memo, for no more than
/// the token's value (the difference is the input fee), created since `since`, and not already the outcome of another
/// queue entry. The oldest fit is taken.
struct ReceiveAttribution {
    /// The token's mint, unit, memo and value.
    let mint: MintURL
    let unit: CurrencyUnit
    let memo: String?
    let total: UInt64

    /// The facts of `token`'s entries at `mint`; `nil` when the token cannot be read.
    init?(token encoded: String, mint: MintURL) {
        guard let token = try? TokenDecoder.decode(encoded) else { return nil }
        let proofs = token.entries.filter { (try? MintURL($0.mint)) == mint }.flatMap(\.proofs)
        guard !proofs.isEmpty else { return nil }
        var total: UInt64 = 0
        for proof in proofs {
            let (sum, overflow) = total.addingReportingOverflow(proof.amount)
            guard !overflow else { return nil }
            total = sum
        }
        self.mint = mint
        self.unit = CurrencyUnit(rawValue: token.unit ?? "sat")
        self.memo = token.memo
        self.total = total
    }

    /// The oldest fitting entry of `history`.
    /// - Parameters:
    ///   - history: the wallet's history (any order).
    ///   - since: the earliest time the receive can have been journaled.
    ///   - taken: operations that are already another entry's outcome.
    func match(in history: [HistoryEntry], since: Date, excluding taken: Set<OperationID>) -> HistoryEntry? {
        history
            .filter { entry in
                entry.kind == .receive && entry.state == .done && entry.mintURL == mint && entry.unit == unit
                    && entry.memo == memo && entry.amount > 0 && entry.amount <= total && entry.createdAt >= since
                    && !taken.contains(entry.id)
            }
            .min { $0.createdAt < $1.createdAt }
    }
}
