// Wallet saga: what storing a swap's signatures did (NUT-03), fed back to the swap saga.

/// The result of settling a swap, for the saga to decide on.
struct SwapSettlement: Sendable {
    /// The proofs made.
    var outcome: SwapOutcome
    /// Whether this settlement closed the operation (`false`: another pass had closed it first).
    var closedHere: Bool
    /// How many of the operation's proofs are still `sent` (a send whose token stands).
    var stillSent: Int
}
