// Storage: how many proofs of one keyset and amount a mint and unit hold in one status — what selecting inputs needs
// to know without loading the proofs (NUT-02: the input fee depends on the keyset).

/// A count of proofs sharing a keyset and an amount; as a selection, how many of them to take.
package struct ProofBucket: Hashable, Sendable {
    package var keysetID: KeysetID
    package var amount: UInt64
    package var count: Int

    package init(keysetID: KeysetID, amount: UInt64, count: Int) {
        self.keysetID = keysetID
        self.amount = amount
        self.count = count
    }
}
