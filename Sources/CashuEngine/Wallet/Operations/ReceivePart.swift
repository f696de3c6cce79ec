// Wallet: one swap's share of a received token (NUT-03), when the mint's NUT-06 request limit splits it.

/// The proofs one swap of a receive spends, what it credits and its input fee.
struct ReceivePart: Sendable {
    var inputs: [Proof]
    /// What the swap credits: the inputs' total minus ``fee``.
    var amount: UInt64
    var fee: UInt64
}
