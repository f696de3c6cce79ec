// Wallet: the journal of a melt (NUT-05) — the exact request, the inputs and the NUT-08 blank outputs.

/// What a melt wrote before its request left.
struct MeltJournal: QuoteJournal, Codable, Sendable {
    var quoteID: String
    /// The exact request.
    var request: MeltRequest
    /// `Y`s of the inputs (held `pending` while the melt is open).
    var inputs: [CompressedPoint]
    /// NUT-08 blank outputs for the change.
    var blankOutputs: [PlannedOutput]
    /// The amount paid.
    var amount: UInt64
    /// The quote's fee reserve.
    var feeReserve: UInt64
    /// The NUT-02 input fee.
    var inputFee: UInt64
    /// The sum of the inputs.
    var inputTotal: UInt64
    /// The fee of the swap that made the exact inputs first (its own history line says it too); part of what the
    /// payment cost (`MeltResult.fee`). `nil` in journals written before it was kept, and without a swap.
    var swapFee: UInt64? = nil

    /// `fee` (the melt's own: input fee and Lightning fee) plus the swap's fee, if one came first.
    func paymentFee(_ fee: UInt64) -> UInt64 { Self.paymentFee(fee, swapFee: swapFee) }

    /// `fee` plus `swapFee`, saturating.
    static func paymentFee(_ fee: UInt64, swapFee: UInt64?) -> UInt64 {
        let (sum, overflow) = fee.addingReportingOverflow(swapFee ?? 0)
        return overflow ? .max : sum
    }
}
