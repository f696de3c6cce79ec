// Wallet: what a transfer between mints will cost, before anything moves (docs/architecture.md, "Transfers").

/// A transfer's two quotes and its costs, to show (and confirm) before ``Wallet/transfer(_:mintWait:)``.
public struct TransferQuote: Sendable, CustomStringConvertible {
    /// The mint the sats leave.
    public var from: MintURL
    /// The mint they arrive at.
    public var to: MintURL
    /// The unit at both.
    public var unit: CurrencyUnit
    /// The amount that arrives at `to`.
    public var amount: UInt64
    /// The quote at `to` whose invoice `from` pays.
    public var mintQuote: StoredMintQuote
    /// The quote at `from` that pays it.
    public var meltQuote: StoredMeltQuote
    /// The NUT-02 input fees the payment is expected to cost at `from` (including a swap for exact proofs first).
    public var inputFeeEstimate: UInt64

    /// The most that can leave `from`: the amount, the Lightning fee reserve (its unused part comes back as change)
    /// and the estimated input fees.
    public var most: UInt64 { amount &+ meltQuote.feeReserve &+ inputFeeEstimate }

    public var description: String {
        "TransferQuote(\(amount) \(unit) \(from) -> \(to), reserve \(meltQuote.feeReserve), input fees "
            + "\(inputFeeEstimate))"
    }
}
