// Verification: a mint's signature answers its output — same keyset and amount, a key the wallet has (NUT-00).

/// Refuses a signature from another keyset than its output asked, for another amount, or from a keyset or amount
/// the wallet has no key for.
package struct SignatureKeyVerifier: Verifier {
    package init() {}

    package var name: String { "keys" }

    package func verify(_ items: ArraySlice<SignedOutput>, in context: VerificationContext)
        throws(VerificationFailure)
    {
        for index in items.indices {
            let signature = items[index].signature
            let output = items[index].output
            guard signature.amount == output.amount else {
                throw failure(
                    at: index, "is for \(signature.amount), the output asked \(output.amount)")
            }
            guard signature.id == output.id else {
                throw failure(
                    at: index, "is from keyset \(signature.id), the output asked \(output.id)")
            }
            guard let keys = context.keys[signature.id] else {
                throw failure(
                    at: index, "names keyset \(signature.id), whose keys the wallet does not have")
            }
            guard keys[signature.amount] != nil else {
                throw failure(
                    at: index,
                    "is for amount \(signature.amount), which keyset \(signature.id) lacks")
            }
        }
    }
}
