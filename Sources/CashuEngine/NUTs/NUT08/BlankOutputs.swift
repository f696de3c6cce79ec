// NUT-08 — Lightning fee return: how many blank outputs a melt carries and how change comes back.

/// Rules for NUT-08 blank outputs.
package enum BlankOutputs {
    /// The number of blank outputs for a fee reserve: `0` when it is 0, else `max(ceil(log2(fee_reserve)), 1)`.
    ///
    /// Integer math only: `ceil(log2(x))` for `x ≥ 2` is the bit length of `x − 1`.
    package static func count(forFeeReserve feeReserve: UInt64) -> Int {
        guard feeReserve > 1 else { return feeReserve == 0 ? 0 : 1 }
        return max(64 - (feeReserve - 1).leadingZeroBitCount, 1)
    }

    /// The change amounts a mint returns for `overpaid` fees: its power-of-two decomposition, ascending.
    ///
    /// - Throws: ``KeysetError`` `.tooManyOutputs` when more than `blankOutputs` outputs would be needed (the mint
    ///   can then return only part of the change).
    package static func changeAmounts(overpaid: UInt64, blankOutputs: Int) throws(KeysetError) -> [UInt64] {
        try AmountSplit.split(overpaid, maximumOutputs: blankOutputs)
    }
}
