// Wallet saga: paying a melt quote (NUT-05, NUT-08 change; NUT-07, NUT-09 to learn a lost answer) — decisions only.

/// The decisions of one melt operation, from its journal to an end, with no I/O.
///
/// ``start()`` sends the journaled request; ``resolve()`` starts from the quote's state instead (recovery of a melt
/// the mint reported pending, a check, a wait). The wallet performs each action and feeds what happened back through
/// ``handle(_:)`` until a ``Action/finish(_:)``. The rules, each a named transition below:
/// - `PAID` in the answer to our own request settles it, with NUT-08 change from the answer or, when the answer
///   carries none, from NUT-09;
/// - `PAID` read later from the quote may describe another payment of the same quote: NUT-07 must show every one of
///   our inputs spent first;
/// - `PENDING` keeps the inputs pending and the operation open;
/// - `UNPAID` is decided by the inputs' NUT-07 states: any pending or unknown waits; all spent (the mint lagging or
///   lying about the quote) waits for the quote to agree; otherwise the spent ones are marked spent, the unspent ones
///   released, and the operation closed as failed;
/// - a first attempt that could not reach the mint closes it as failed, its inputs released;
/// - a refusal is checked against the quote's state (some refusals mean an earlier attempt got through); if that
///   closes the operation as failed, the mint's refusal is the answer, otherwise the refused-write rule applies;
/// - anything ambiguous leaves it open for recovery;
/// - an event that does not answer the action the saga waits on (``State``) is a ``SagaEventMismatch``: open, the
///   inputs pending.
struct MeltSaga: Sendable {
    /// What the wallet learned from performing an action.
    enum Event: Sendable {
        /// The mint's answer to the melt request (``Action/send(_:)``).
        case answered(MeltQuoteResponse)
        /// The request failed.
        case requestFailed(MintClientError)
        /// The quote's state (``Action/fetchQuoteState``).
        case quoteState(MeltQuoteResponse)
        /// Fetching it failed.
        case quoteStateFailed(MintClientError)
        /// NUT-07 states of the inputs, by `Y` (``Action/checkInputs(_:)``).
        case inputStates([CompressedPoint: ProofState.State])
        /// The check failed.
        case inputStatesFailed(MintClientError)
        /// NUT-09: the mint's signatures of the blank outputs, by index (``Action/restoreChange(_:)``).
        case restored([Int: BlindSignature])
        /// The restore failed.
        case restoreFailed(MintClientError)
        /// The payment and its change were stored (``Action/settlePaid(change:preimage:)``).
        case settled(MeltResult)
        /// Verifying or storing the change failed; the error names the operation.
        case settleFailed(WalletError)
        /// The operation was marked pending (``Action/markPending``).
        case markedPending
        /// Closed as failed (``Action/close(spent:released:)``).
        case closed
        /// Writing failed (marking pending, closing).
        case writeFailed(WalletError)
    }

    /// What the wallet is to do next.
    enum Action: Sendable {
        /// Send the journaled request.
        case send(MeltRequest)
        /// Ask the mint for the quote's state.
        case fetchQuoteState(String)
        /// Ask the mint (NUT-07) for the states of the inputs.
        case checkInputs([CompressedPoint])
        /// Ask the mint (NUT-09) for its signatures of the blank outputs.
        case restoreChange([PlannedOutput])
        /// Verify, unblind and store the change, spend the inputs, mark the quote paid, close as done.
        case settlePaid(change: [Int: BlindSignature], preimage: String?)
        /// Mark the operation and its quote pending (the inputs stay pending).
        case markPending
        /// Close as failed: `spent` inputs marked spent, `released` ones back to unspent, the quote unpaid.
        case close(spent: [CompressedPoint], released: [CompressedPoint])
        /// Stop: the operation ended here.
        case finish(SagaOutcome<MeltResult>)
    }

    let operationID: OperationID
    let journal: MeltJournal
    /// Whether this is the operation's first request.
    let firstAttempt: Bool
    /// Where the operation is; a new saga has sent its journaled request (``resolve()`` asks the quote instead).
    private(set) var state: State = .sending

    init(operationID: OperationID, journal: MeltJournal, firstAttempt: Bool = false) {
        self.operationID = operationID
        self.journal = journal
        self.firstAttempt = firstAttempt
    }

    /// The refusal being checked, once the mint refused.
    var refusal: MintClientError? { state.refusal }

    /// The first action of a payment: send the journaled request.
    func start() -> Action { .send(journal.request) }

    /// The first action of learning a melt's fate without paying, instead of ``start()``: read the quote's state.
    /// The saga then waits for the quote's state, not for an answer to a request.
    mutating func resolve() -> Action {
        state = .fetchingQuote(refusal: nil)
        return .fetchQuoteState(journal.quoteID)
    }

    /// The result that describes the melt while the mint holds it pending.
    var pendingResult: MeltResult {
        MeltResult(
            operationID: operationID, state: .pending, amount: journal.amount,
            fee: journal.paymentFee(journal.inputTotal - journal.amount), change: 0, paymentPreimage: nil)
    }

    /// The next action after `event`, which must answer the action the saga waits on (``state``).
    mutating func handle(_ event: Event) -> Action {
        switch (state, event) {
        case (.sending, .answered(let response)):
            return answered(response, own: true, refusal: nil)
        case (.sending, .requestFailed(let error)):
            return requestFailed(error)
        case (.fetchingQuote(let refusal), .quoteState(let response)):
            return answered(response, own: false, refusal: refusal)
        case (.fetchingQuote(let refusal), .quoteStateFailed(let error)),
            (.checkingInputs(_, let refusal), .inputStatesFailed(let error)),
            (.restoringChange(_, let refusal), .restoreFailed(let error)):
            return finish(.open(WalletError.mint(error, operationID: operationID)), refusal: refusal)
        case (.checkingInputs(let paid, let refusal), .inputStates(let states)):
            return inputStates(states, paid: paid, refusal: refusal)
        case (.restoringChange(let preimage, let refusal), .restored(let change)):
            state = .settling(refusal: refusal)
            return .settlePaid(change: change, preimage: preimage)
        case (.settling(let refusal), .settled(let result)):
            return finish(.settled(result), refusal: refusal)
        case (.settling(let refusal), .settleFailed(let error)):
            return finish(.open(error), refusal: refusal)
        case (.markingPending(let refusal), .markedPending):
            return finish(.inFlight(pendingResult), refusal: refusal)
        case (.markingPending(let refusal), .writeFailed(let error)),
            (.closing(_, let refusal), .writeFailed(let error)):
            return finish(.unrecorded(error, operation: operationID), refusal: refusal)
        case (.closing(let failure, let refusal), .closed):
            return finish(.failed(failure), refusal: refusal)
        case (.sending, _), (.fetchingQuote, _), (.checkingInputs, _), (.restoringChange, _), (.settling, _),
            (.markingPending, _), (.closing, _), (.finished, _):
            return mismatch(event)
        }
    }

    /// ``State/sending`` or ``State/fetchingQuote(refusal:)``: the quote's state, in the answer to our own request
    /// (`own`) or read from the quote.
    private mutating func answered(_ response: MeltQuoteResponse, own: Bool, refusal: MintClientError?) -> Action {
        switch response.state {
        case .paid:
            // A state read later may describe another payment of the same quote: our inputs must be the ones spent.
            if own { return settlePaid(response, refusal: refusal) }
            state = .checkingInputs(paid: response, refusal: refusal)
            return .checkInputs(journal.inputs)
        case .pending:
            state = .markingPending(refusal: refusal)
            return .markPending
        default:
            // Unpaid: only the inputs' own states say whether the mint let go of them.
            state = .checkingInputs(paid: nil, refusal: refusal)
            return .checkInputs(journal.inputs)
        }
    }

    private mutating func settlePaid(_ response: MeltQuoteResponse, refusal: MintClientError?) -> Action {
        if response.change == nil && !journal.blankOutputs.isEmpty {
            // The answer carried no change (or was lost): the blank outputs' signatures come back by NUT-09, matched
            // by `B_`, so a signed subset pairs with the right blanks.
            state = .restoringChange(preimage: response.paymentPreimage, refusal: refusal)
            return .restoreChange(journal.blankOutputs)
        }
        let change = Dictionary(uniqueKeysWithValues: (response.change ?? []).enumerated().map { ($0, $1) })
        state = .settling(refusal: refusal)
        return .settlePaid(change: change, preimage: response.paymentPreimage)
    }

    /// ``State/checkingInputs(paid:refusal:)``: the mint's NUT-07 states of the inputs.
    private mutating func inputStates(
        _ states: [CompressedPoint: ProofState.State], paid: MeltQuoteResponse?, refusal: MintClientError?
    ) -> Action {
        if let paid, journal.inputs.allSatisfy({ states[$0] == .spent }) {
            return settlePaid(paid, refusal: refusal)
        }
        // Not paid with these inputs.
        guard !journal.inputs.contains(where: { states[$0] == .pending || !(states[$0]?.isKnown ?? false) }) else {
            return finish(
                .open(
                    WalletError(.pending, "the melt's inputs are still pending at the mint", operationID: operationID)),
                refusal: refusal)
        }
        let spent = journal.inputs.filter { states[$0] == .spent }
        let unspent = journal.inputs.filter { states[$0] == .unspent }
        // A melt is atomic: every input spent means it went through, whatever the quote says (a mint lagging or
        // lying); the operation stays open until the quote agrees. A mix means someone else spent some of them.
        guard !unspent.isEmpty else {
            return finish(
                .open(
                    WalletError(
                        .pending, "the melt's inputs are spent but the quote is not paid; will check again",
                        operationID: operationID)),
                refusal: refusal)
        }
        // No operation id once closed (an id marks an operation left open).
        state = .closing(
            failure: WalletError(.mintRefused, "the payment did not go through; the proofs were released"),
            refusal: refusal)
        return .close(spent: spent, released: unspent)
    }

    /// ``State/sending``: the request failed.
    private mutating func requestFailed(_ error: MintClientError) -> Action {
        switch error.code {
        case .unreachable where firstAttempt, .authenticationRequired where firstAttempt:
            state = .closing(failure: WalletError.mint(error), refusal: nil)
            return .close(spent: [], released: journal.inputs)
        case .mintRefused:
            // Refused — but some refusals (pending, already spent) mean an earlier attempt got through: the quote and
            // the inputs' states decide, and the mint's own error is what the caller sees when it failed.
            state = .fetchingQuote(refusal: error)
            return .fetchQuoteState(journal.quoteID)
        default:
            return finish(.open(WalletError.mint(error, operationID: operationID)), refusal: nil)
        }
    }

    /// While a refusal is being checked, a closed operation reports the refusal itself (without an operation id: an
    /// id marks an operation left open), and an open one passes the refused-write rule.
    private mutating func finish(_ outcome: SagaOutcome<MeltResult>, refusal: MintClientError?) -> Action {
        state = .finished
        guard let refusal else { return .finish(outcome) }
        if case .failed = outcome { return .finish(.failed(WalletError.mint(refusal))) }
        return .finish(RefusedWriteRule.report(outcome, refusal: refusal, operation: operationID))
    }

    /// An event the state does not wait for: the saga ends with the operation open, the inputs pending.
    private mutating func mismatch(_ event: Event) -> Action {
        let mismatch = SagaEventMismatch(saga: "melt", event: event, state: state)
        state = .finished
        return .finish(.mismatched(mismatch, operation: operationID))
    }
}
