// Storage: the kinds of operation the wallet journals and lists in its history.

/// What an operation does.
public enum OperationKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// NUT-04: ecash minted against a paid quote.
    case mint
    /// NUT-05: ecash melted to pay a request.
    case melt
    /// NUT-03: proofs swapped for proofs of other amounts (rotation, consolidation, exact-amount preparation).
    case swap
    /// Proofs given away in a token (after a swap when no exact proofs existed).
    case send
    /// A token received and swapped into fresh proofs.
    case receive
    /// Sent proofs not yet claimed, swapped back.
    case reclaim
    /// NUT-09/13: proofs recovered from a mnemonic.
    case restore
    /// Sats moved from one mint to another: a melt at the first paying the second's mint quote, then the mint there.
    /// A composite: its melt and its mint are operations of their own; it has no history line.
    case transfer
    /// NUT-22: blind auth tokens minted with the mint's login (no ecash; no history line).
    case blindAuth
    /// Proofs the wallet held as spendable that the mint says are spent (NUT-07: a copy spent elsewhere, a wallet
    /// restored on another device): marked spent, nothing sent. See ``Wallet/burnSpent(mint:)``.
    case burn
}
