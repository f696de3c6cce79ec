// Verification: a received proof names a keyset of the mint and an amount that keyset signs (NUT-00, NUT-02).

/// Refuses a proof whose keyset the wallet has no keys for, or whose amount that keyset has no key for.
package struct ProofKeyVerifier: Verifier {
    package init() {}

    package var name: String { "keys" }

    package func verify(_ items: ArraySlice<Proof>, in context: VerificationContext) throws(VerificationFailure) {
        for index in items.indices {
            let proof = items[index]
            guard context.key(keyset: proof.id, amount: proof.amount) != nil else {
                throw failure(at: index, "names keyset \(proof.id), which has no key for amount \(proof.amount)")
            }
        }
    }
}
