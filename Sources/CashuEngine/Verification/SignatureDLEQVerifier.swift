// NUT-12 — Offline ecash signature validation: the DLEQ proofs on a mint's blind signatures.

/// Checks the DLEQ proof on each of a mint's signatures against the output it answers (NUT-12 "Alice verifies";
/// wallets must when it is present), and with ``VerificationContext/requireDLEQ`` refuses signatures that carry
/// none. Per item: split across cores by the pipeline.
package struct SignatureDLEQVerifier: Verifier {
    package init() {}

    package var name: String { "dleq" }
    package var cost: VerifierCost { .perItem }

    package func verify(_ items: ArraySlice<SignedOutput>, in context: VerificationContext)
        throws(VerificationFailure)
    {
        for index in items.indices {
            let signature = items[index].signature
            guard signature.dleq != nil else {
                if context.requireDLEQ { throw failure(at: index, "carries no DLEQ proof") }
                continue
            }
            guard let key = context.key(keyset: signature.id, amount: signature.amount) else {
                throw failure(
                    at: index,
                    "is for amount \(signature.amount), which keyset \(signature.id) lacks")
            }
            do { try signature.verifyDLEQ(blindedMessage: items[index].output, mintKey: key) } catch {
                throw failure(at: index, "carries an invalid DLEQ proof")
            }
        }
    }
}
