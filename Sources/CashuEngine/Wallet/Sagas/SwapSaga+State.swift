// Wallet saga: where a swap operation is (NUT-03, NUT-07, NUT-09) — each state the action it waits on.

extension SwapSaga {
    /// Where a swap operation is: the action the saga waits on, carrying what the saga knows by then. Only the events
    /// that answer that action fit; any other is a ``SagaEventMismatch`` (the operation stays open, nothing released).
    enum State: Sendable {
        /// The journaled request is out (``SwapSaga/start()``): its answer (``Event/answered(_:)``) or its failure
        /// (``Event/requestFailed(_:)``) fits.
        case sent
        /// The mint refused the request; NUT-07 on every input (`inputYs`, in request order, the token's included)
        /// decides what became of it: ``Event/inputStates(_:)`` or ``Event/inputStatesFailed(_:)``.
        case checkingInputs(refusal: MintClientError, inputYs: [CompressedPoint])
        /// Refused, and every input spent: NUT-09 on the outputs decides (``Event/restored(_:)``,
        /// ``Event/restoreFailed(_:)``).
        case restoring(refusal: MintClientError)
        /// Signatures (the answer's, or restored after `refusal`) are being stored (``Event/settled(_:)``,
        /// ``Event/settleFailed(_:)``).
        case settling(refusal: MintClientError?)
        /// The swap did not happen for the wallet: the operation is being closed as failed, and `failure` is what to
        /// report once it is (``Event/closed``, ``Event/closeFailed(_:)``).
        case closing(failure: WalletError, refusal: MintClientError?)
        /// The saga gave its outcome: no event fits.
        case finished

        /// The refusal being checked, in the states after one.
        var refusal: MintClientError? {
            switch self {
            case .checkingInputs(let refusal, _), .restoring(let refusal): refusal
            case .settling(let refusal), .closing(_, let refusal): refusal
            case .sent, .finished: nil
            }
        }
    }
}
