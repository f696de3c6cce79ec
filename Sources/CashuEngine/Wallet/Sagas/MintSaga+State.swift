// Wallet saga: where a mint operation is (NUT-04, NUT-20, NUT-09) — each state the action it waits on.

extension MintSaga {
    /// Where a mint operation is: the action the saga waits on, carrying what the saga knows by then. Only the events
    /// that answer that action fit; any other is a ``SagaEventMismatch`` (the operation stays open).
    enum State: Sendable {
        /// The journaled request (or NUT-29 batch) is out (``MintSaga/start()``, or again after a rewrite): its answer
        /// (``Event/answered(_:)``) or its failure (``Event/requestFailed(_:)``) fits.
        case sent
        /// The mint refused the hardened NUT-20 signature (20008): this journal, re-signed with the legacy one, is
        /// being stored before it is sent (``Event/rewritten``, ``Event/rewriteFailed(_:)``).
        case rewriting(MintJournal)
        /// The mint refused the request: NUT-09 on the outputs decides whether they were signed anyway
        /// (``Event/restored(_:)``, ``Event/restoreFailed(_:)``).
        case restoring(refusal: MintClientError)
        /// Signatures (the answer's, or restored after `refusal`) are being stored (``Event/settled(_:)``,
        /// ``Event/settleFailed(_:)``).
        case settling(refusal: MintClientError?)
        /// Nothing was signed: the operation is being closed as failed, and `failure` is what to report once it is
        /// (``Event/closed``, ``Event/closeFailed(_:)``).
        case closing(failure: WalletError, refusal: MintClientError?)
        /// The saga gave its outcome: no event fits.
        case finished

        /// The refusal being checked, in the states after one.
        var refusal: MintClientError? {
            switch self {
            case .restoring(let refusal): refusal
            case .settling(let refusal), .closing(_, let refusal): refusal
            case .sent, .rewriting, .finished: nil
            }
        }
    }
}
