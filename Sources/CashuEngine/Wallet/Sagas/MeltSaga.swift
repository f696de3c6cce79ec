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
/// - anything ambiguous leaves it open for recovery.
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
    /// The refusal being checked, once the mint refused.
    private(set) var refusal: MintClientError?
    /// Whether the `PAID` being settled came with the answer to this operation's own request.
    private var ownAnswer = false
    /// The paid answer, kept while its inputs or change are being checked.
    private var paid: MeltQuoteResponse?
    /// What to report once the operation is closed.
    private var failure: WalletError?

    init(operationID: OperationID, journal: MeltJournal, firstAttempt: Bool = false) {
        self.operationID = operationID
        self.journal = journal
        self.firstAttempt = firstAttempt
    }

    /// The first action of a payment: send the journaled request.
    func start() -> Action { .send(journal.request) }

    /// The first action of learning a melt's fate without paying: read the quote's state.
    func resolve() -> Action { .fetchQuoteState(journal.quoteID) }

    /// The result that describes the melt while the mint holds it pending.
    var pendingResult: MeltResult {
        MeltResult(
            operationID: operationID, state: .pending, amount: journal.amount,
            fee: journal.paymentFee(journal.inputTotal - journal.amount), change: 0, paymentPreimage: nil)
    }

    /// The next action after `event`.
    mutating func handle(_ event: Event) -> Action {
        switch event {
        case .answered(let response):
            ownAnswer = true
            return answered(response)
        case .requestFailed(let error):
            return requestFailed(error)
        case .quoteState(let response):
            ownAnswer = false
            return answered(response)
        case .quoteStateFailed(let error), .inputStatesFailed(let error), .restoreFailed(let error):
            return finish(.open(WalletError.mint(error, operationID: operationID)))
        case .inputStates(let states):
            return inputStates(states)
        case .restored(let change):
            return .settlePaid(change: change, preimage: paid?.paymentPreimage)
        case .settled(let result):
            return finish(.settled(result))
        case .settleFailed(let error):
            return finish(.open(error))
        case .writeFailed(let error):
            return finish(.unrecorded(error, operation: operationID))
        case .markedPending:
            return finish(.inFlight(pendingResult))
        case .closed:
            // No operation id: it is closed (an id marks an operation left open).
            return finish(
                .failed(
                    failure ?? WalletError(.mintRefused, "the payment did not go through; the proofs were released")))
        }
    }

    private mutating func answered(_ response: MeltQuoteResponse) -> Action {
        switch response.state {
        case .paid:
            paid = response
            // A state read later may describe another payment of the same quote: our inputs must be the ones spent.
            return ownAnswer ? settlePaid(response) : .checkInputs(journal.inputs)
        case .pending:
            return .markPending
        default:
            // Unpaid: only the inputs' own states say whether the mint let go of them.
            paid = nil
            return .checkInputs(journal.inputs)
        }
    }

    private mutating func settlePaid(_ response: MeltQuoteResponse) -> Action {
        if response.change == nil && !journal.blankOutputs.isEmpty {
            // The answer carried no change (or was lost): the blank outputs' signatures come back by NUT-09, matched
            // by `B_`, so a signed subset pairs with the right blanks.
            return .restoreChange(journal.blankOutputs)
        }
        let change = Dictionary(uniqueKeysWithValues: (response.change ?? []).enumerated().map { ($0, $1) })
        return .settlePaid(change: change, preimage: response.paymentPreimage)
    }

    private mutating func inputStates(_ states: [CompressedPoint: ProofState.State]) -> Action {
        if let paid, journal.inputs.allSatisfy({ states[$0] == .spent }) {
            return settlePaid(paid)
        }
        // Not paid with these inputs.
        guard !journal.inputs.contains(where: { states[$0] == .pending || !(states[$0]?.isKnown ?? false) }) else {
            return finish(
                .open(
                    WalletError(.pending, "the melt's inputs are still pending at the mint", operationID: operationID)))
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
                        operationID: operationID)))
        }
        return .close(spent: spent, released: unspent)
    }

    private mutating func requestFailed(_ error: MintClientError) -> Action {
        switch error.code {
        case .unreachable where firstAttempt, .authenticationRequired where firstAttempt:
            failure = WalletError.mint(error)
            return .close(spent: [], released: journal.inputs)
        case .mintRefused:
            // Refused — but some refusals (pending, already spent) mean an earlier attempt got through: the quote and
            // the inputs' states decide, and the mint's own error is what the caller sees when it failed.
            refusal = error
            return .fetchQuoteState(journal.quoteID)
        default:
            return finish(.open(WalletError.mint(error, operationID: operationID)))
        }
    }

    /// While a refusal is being checked, a closed operation reports the refusal itself (without an operation id: an
    /// id marks an operation left open), and an open one passes the refused-write rule.
    private func finish(_ outcome: SagaOutcome<MeltResult>) -> Action {
        guard let refusal else { return .finish(outcome) }
        if case .failed = outcome { return .finish(.failed(WalletError.mint(refusal))) }
        return .finish(RefusedWriteRule.report(outcome, refusal: refusal, operation: operationID))
    }
}
