// Wallet saga: how a swap that did not happen for the wallet is closed (NUT-03, NUT-07).

/// How a failed swap moves the wallet's own inputs when it closes. A reclaim's inputs go back into the token they
/// came from (its receiver may still claim it), everything else back to unspent (``SwapJournal/releaseStatus``).
enum SwapClosing: Sendable, Equatable {
    /// The swap did not happen: these inputs (still held by the operation) are released.
    case released([CompressedPoint])
    /// Someone else spent the inputs: the spent ones are marked spent, the unspent ones released.
    case spentElsewhere(spent: [CompressedPoint], unspent: [CompressedPoint])
}
