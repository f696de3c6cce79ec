// Wallet saga: where a melt operation is (NUT-05, NUT-07, NUT-08, NUT-09) — each state the action it waits on.

extension MeltSaga {
    /// Where a melt operation is: the action the saga waits on, carrying what the saga knows by then. Only the events
    /// that answer that action fit; any other is a ``SagaEventMismatch`` (the operation stays open, the inputs
    /// pending). `refusal` is the mint's refusal of the request, once it refused (it decides what a closed operation
    /// reports, and the refused-write rule what an open one does).
    enum State: Sendable {
        /// The journaled request is out (``MeltSaga/start()``): its answer (``Event/answered(_:)``) or its failure
        /// (``Event/requestFailed(_:)``) fits.
        case sending
        /// The quote's state is asked (``MeltSaga/resolve()``, or after a refusal): ``Event/quoteState(_:)`` or
        /// ``Event/quoteStateFailed(_:)``.
        case fetchingQuote(refusal: MintClientError?)
        /// NUT-07 on the inputs decides (``Event/inputStates(_:)``, ``Event/inputStatesFailed(_:)``): `paid` is the
        /// `PAID` state read from the quote (it settles only if every input is spent), `nil` for `UNPAID`.
        case checkingInputs(paid: MeltQuoteResponse?, refusal: MintClientError?)
        /// Paid, and no change came with the answer: NUT-09 on the blank outputs brings it (``Event/restored(_:)``,
        /// ``Event/restoreFailed(_:)``); `preimage` is the paid answer's.
        case restoringChange(preimage: String?, refusal: MintClientError?)
        /// Paid: the change is being stored, the inputs spent (``Event/settled(_:)``, ``Event/settleFailed(_:)``).
        case settling(refusal: MintClientError?)
        /// The mint holds the payment pending: the operation is being marked so (``Event/markedPending``,
        /// ``Event/writeFailed(_:)``).
        case markingPending(refusal: MintClientError?)
        /// Not paid with these inputs: the operation is being closed as failed, and `failure` is what to report once
        /// it is, unless a refusal is being checked (``Event/closed``, ``Event/writeFailed(_:)``).
        case closing(failure: WalletError, refusal: MintClientError?)
        /// The saga gave its outcome: no event fits.
        case finished

        /// The refusal being checked, in the states after one.
        var refusal: MintClientError? {
            switch self {
            case .fetchingQuote(let refusal), .checkingInputs(_, let refusal), .restoringChange(_, let refusal):
                refusal
            case .settling(let refusal), .markingPending(let refusal), .closing(_, let refusal): refusal
            case .sending, .finished: nil
            }
        }
    }
}
