// Verification: one check of untrusted items — received proofs (NUT-00/02/12) or a mint's signatures (NUT-00/12).

/// One check of a list of untrusted items: the proofs of a received token (``Proof``) or a mint's answers to the
/// wallet's outputs (``SignedOutput``). A `VerificationPipeline` composes them; a wallet adds its own through
/// `WalletOptions.proofVerifiers` and `WalletOptions.signatureVerifiers`.
///
/// A verifier does no I/O and keeps no state between calls. A ``VerifierCost/perItem`` verifier may be called
/// several times at once, from different threads, on disjoint parts of one list, so it must judge each item on its
/// own; a check that needs the whole list (duplicates, a total) is ``VerifierCost/wholeList`` and sees it in one call.
package protocol Verifier<Item>: Sendable {
    /// What is checked.
    associatedtype Item: Sendable
    /// A short name, given in failures.
    var name: String { get }
    /// Whether the pipeline may split the list across cores.
    var cost: VerifierCost { get }
    /// Checks `items`, a slice of the whole list: its indices are the items' positions in the list.
    /// - Throws: ``VerificationFailure`` naming the first bad item found.
    func verify(_ items: ArraySlice<Item>, in context: VerificationContext) throws(VerificationFailure)
}

extension Verifier {
    /// Whole-list by default.
    package var cost: VerifierCost { .wholeList }

    /// A failure of this verifier about the item at `index`.
    package func failure(at index: Int?, _ reason: String) -> VerificationFailure {
        VerificationFailure(verifier: name, index: index, reason: reason)
    }
}
