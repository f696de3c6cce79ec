// Wallet: the key the selection counts proofs by — a keyset and an amount (NUT-02 fees are per keyset).

/// A keyset and an amount, as the selection counts proofs.
struct ProofBucketKey: Hashable {
    let keysetID: KeysetID
    let amount: UInt64

    init(_ keysetID: KeysetID, _ amount: UInt64) {
        self.keysetID = keysetID
        self.amount = amount
    }
}
