// Wallet: what a transfer between mints will cost, before anything moves (docs/architecture.md, "Transfers").

/// A transfer's two quotes and its costs, to show (and confirm) before `Wallet/transfer(_:mintWait:)`.
package struct TransferQuote: Sendable, CustomStringConvertible {
    /// The mint the sats leave.
    package var from: MintURL
    /// The mint they arrive at.
    package var to: MintURL
    /// The unit at both.
    package var unit: CurrencyUnit
    /// The amount that arrives at `to`.
    package var amount: UInt64
    /// The quote at `to` whose invoice `from` pays.
    package var mintQuote: StoredMintQuote
    /// The quote at `from` that pays it.
    package var meltQuote: StoredMeltQuote
    /// The NUT-02 input fees the payment is expected to cost at `from` (including a swap for exact proofs first).
    package var inputFeeEstimate: UInt64

    /// The most that can leave `from`: the amount, the Lightning fee reserve (its unused part comes back as change)
    /// and the estimated input fees.
    package var most: UInt64 { amount &+ meltQuote.feeReserve &+ inputFeeEstimate }

    package var description: String {
        "TransferQuote(\(amount) \(unit) \(from) -> \(to), reserve \(meltQuote.feeReserve), input fees "
            + "\(inputFeeEstimate))"
    }
}
