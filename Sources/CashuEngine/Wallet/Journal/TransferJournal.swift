// Wallet: the journal of a transfer between mints — its two quotes and how far it came (docs/architecture.md,
// "Transfers").

/// What a transfer wrote before anything moved. The melt at `from` and the mint at `to` journal themselves; this
/// ties them together so a restart continues the transfer where it stopped.
struct TransferJournal: Codable, Sendable, Hashable {
    /// Where a transfer is.
    enum Stage: String, Codable, Sendable {
        /// Both quotes exist; the payment has not been started.
        case quoted
        /// The payment was started (its melt operation may or may not have been journaled).
        case melting
    }

    /// The mint the sats leave.
    var from: MintURL
    /// The mint they arrive at.
    var to: MintURL
    /// The unit at both mints.
    var unit: CurrencyUnit
    /// The amount minted at `to`.
    var amount: UInt64
    /// The mint quote at `to` (its invoice is what `from` pays).
    var mintQuoteID: String
    /// The melt quote at `from`.
    var meltQuoteID: String
    /// The fee reserve of the melt quote, as confirmed.
    var feeReserve: UInt64
    /// How far it came.
    var stage: Stage
    /// The melt operation's id, chosen before it is journaled (its history line carries the fee paid).
    var meltOperationID: OperationID?
}
