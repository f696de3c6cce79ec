// Wallet: the one part of a mint's or melt's journal kept once the operation closes — the quote it used.

/// The quote a mint or melt operation used. Decodes from an open ``MintJournal`` or ``MeltJournal`` (their other
/// fields are ignored), and is all a closed operation's payload keeps, so its history line can still name its quote
/// (for a melt, its proof of payment) and a melt's result its whole fee. The quote itself is already in the quote
/// store; no secret is kept.
struct QuoteReference: Codable, Sendable {
    var quoteID: String
    /// A melt's `MeltJournal/swapFee`, kept when its journal is dropped: part of what the payment cost.
    var swapFee: UInt64? = nil
}
