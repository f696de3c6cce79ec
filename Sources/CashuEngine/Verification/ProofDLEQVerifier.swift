// NUT-12 — Offline ecash signature validation: the DLEQ proofs a received token carries.

/// Checks the DLEQ proof each received proof carries against the mint's key for its amount (NUT-12 "Carol
/// verifies"), and with ``VerificationContext/requireDLEQ`` refuses proofs that carry none. Per item: split across
/// cores by the pipeline.
package struct ProofDLEQVerifier: Verifier {
    package init() {}

    package var name: String { "dleq" }
    package var cost: VerifierCost { .perItem }

    package func verify(_ items: ArraySlice<Proof>, in context: VerificationContext) throws(VerificationFailure) {
        for index in items.indices {
            let proof = items[index]
            guard proof.dleq != nil else {
                if context.requireDLEQ { throw failure(at: index, "carries no DLEQ proof") }
                continue
            }
            guard let key = context.key(keyset: proof.id, amount: proof.amount) else {
                throw failure(at: index, "names keyset \(proof.id), which has no key for amount \(proof.amount)")
            }
            do { try proof.verifyDLEQ(mintKey: key) } catch {
                throw failure(at: index, "carries a DLEQ proof that does not verify: not signed by this mint")
            }
        }
    }
}
