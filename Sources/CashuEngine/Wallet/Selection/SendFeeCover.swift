// Wallet: a token that leaves its receiver the amount after the swap fee (NUT-02) — decisions only.

/// The smallest token total whose receiver nets `amount` after paying the token's own input fee.
///
/// The fee depends on how many proofs the total splits into, and that count is not monotone in the total (20 is two
/// proofs, 22 three, 24 two again), so growing the total by the fee can cycle without ever covering it, and jumping by
/// the fee can pass over the smallest total that covers. The search walks up one at a time from `amount`: the first
/// total that covers is the smallest. It is never more than the largest fee above `amount` (a few sat).
enum SendFeeCover {
    /// The denominations of that total (`split` gives the denominations of a total, e.g. the planner's exact split).
    /// - Throws: ``WalletError`` `unsupported` when no total within 4,096 above `amount` covers; what `split` throws.
    static func denominations(
        covering amount: UInt64, feePPK: UInt64, split: (UInt64) throws -> [UInt64]
    ) throws -> [UInt64] {
        var total = amount
        for _ in 0..<4096 {
            let amounts = try split(total)
            let fee = try InputFees.fee(ppkPerInput: amounts.map { _ in feePPK })
            if total - amount >= fee { return amounts }
            let (next, overflow) = total.addingReportingOverflow(1)
            guard !overflow else { break }
            total = next
        }
        throw WalletError(.unsupported, "no token of this keyset leaves the receiver the amount after its fee")
    }
}
