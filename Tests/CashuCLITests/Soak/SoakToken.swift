// Soak (issue 17): a token a soak wallet sent, kept until the end: received, reclaimed, or still in flight.

/// A token handed out by `cashu send` (its proofs' state at the mint decides, at the end, whether it still counts).
struct SoakToken: Sendable {
    /// Its place in the ledger.
    var id: Int
    var token: String
    /// The wallet that sent it (its name).
    var origin: String
    /// The send's operation id (`cashu pending --reclaim` takes it).
    var operation: String?
    var amount: UInt64
    /// How many receives or reclaims of it succeeded (more than one would be a double spend).
    var claims = 0
}
