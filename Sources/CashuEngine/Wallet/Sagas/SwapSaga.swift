// Wallet saga: a swap (NUT-03) behind receive, send, reclaim and melt preparation — decisions only.

/// The decisions of one swap operation, from its journal to an end, with no I/O.
///
/// ``start()`` gives the first action; the wallet performs each action and feeds what happened back through
/// ``handle(_:)`` until a ``Action/finish(_:)``. The rules, each a named transition below:
/// - the journaled request is sent as it is (byte-identical on a replay), and signatures settle it;
/// - a first attempt that could not reach the mint closes it as failed, its inputs released;
/// - a refusal is not believed on its word (an earlier attempt may have gone through, and Nutshell refuses with code
///   0 on any internal error): NUT-07 on the inputs decides first, since a swap is atomic. All unspent: it did not
///   happen, inputs released, the refusal stands. All spent: NUT-09 on the outputs; all signed settle it, none means
///   someone else spent the inputs, part of them is a broken answer. A mix: someone else spent some of them. Any
///   pending or unknown state: wait;
/// - anything ambiguous leaves it open for recovery, and so does a refused later part of a split receive whose proofs
///   are unspent (they exist nowhere else once the first part settled);
/// - an event that does not answer the action the saga waits on (``State``) is a ``SagaEventMismatch``: open, nothing
///   released (NUT-07 states before any refusal are not "all unspent").
struct SwapSaga: Sendable {
    /// What the wallet learned from performing an action.
    enum Event: Sendable {
        /// The mint signed the outputs (``Action/send(_:)``).
        case answered([BlindSignature])
        /// The request failed.
        case requestFailed(MintClientError)
        /// NUT-07 states of the inputs, by `Y` (``Action/checkInputs(_:)``).
        case inputStates([CompressedPoint: ProofState.State])
        /// The check failed.
        case inputStatesFailed(MintClientError)
        /// NUT-09: the mint's signatures of journaled outputs, by output index (``Action/restore(_:)``).
        case restored([Int: BlindSignature])
        /// The restore failed.
        case restoreFailed(MintClientError)
        /// The signatures were stored (``Action/settle(_:)``).
        case settled(SwapSettlement)
        /// Verifying or storing the signatures failed; the error names the operation.
        case settleFailed(WalletError)
        /// The operation was closed as failed (``Action/close(_:)``).
        case closed
        /// Closing it failed.
        case closeFailed(WalletError)
    }

    /// What the wallet is to do next.
    enum Action: Sendable {
        /// Send the journaled request.
        case send(SwapRequest)
        /// Ask the mint (NUT-07) for the states of the inputs.
        case checkInputs([CompressedPoint])
        /// Ask the mint (NUT-09) for its signatures of these outputs.
        case restore([PlannedOutput])
        /// Verify, unblind and store the signatures (in output order), spend the inputs, close as done.
        case settle([BlindSignature])
        /// Close the operation as failed, moving the wallet's inputs as the closing says.
        case close(SwapClosing)
        /// Stop: the operation ended here.
        case finish(SagaOutcome<SwapOutcome>)
    }

    let operationID: OperationID
    let kind: OperationKind
    let journal: SwapJournal
    /// Whether this is the operation's first request.
    let firstAttempt: Bool
    /// Where the operation is; a new saga has sent its journaled request.
    private(set) var state: State = .sent

    init(operationID: OperationID, kind: OperationKind, journal: SwapJournal, firstAttempt: Bool) {
        self.operationID = operationID
        self.kind = kind
        self.journal = journal
        self.firstAttempt = firstAttempt
    }

    /// The refusal being checked, once the mint refused.
    var refusal: MintClientError? { state.refusal }

    /// The first action: send the journaled request.
    func start() -> Action { .send(journal.request) }

    /// The next action after `event`, which must answer the action the saga waits on (``state``).
    mutating func handle(_ event: Event) -> Action {
        switch (state, event) {
        case (.sent, .answered(let signatures)):
            state = .settling(refusal: nil)
            return .settle(signatures)
        case (.sent, .requestFailed(let error)):
            return requestFailed(error)
        case (.checkingInputs(let refusal, let inputYs), .inputStates(let states)):
            return inputStates(states, of: inputYs, refusal: refusal)
        case (.checkingInputs(let refusal, _), .inputStatesFailed(let error)),
            (.restoring(let refusal), .restoreFailed(let error)):
            return finish(.open(WalletError.mint(error, operationID: operationID)), refusal: refusal)
        case (.restoring(let refusal), .restored(let signatures)):
            return restored(signatures, refusal: refusal)
        case (.settling(let refusal), .settled(let settlement)):
            return settled(settlement, refusal: refusal)
        case (.settling(let refusal), .settleFailed(let error)):
            return finish(.open(error), refusal: refusal)
        case (.closing(let failure, let refusal), .closed):
            return finish(.failed(failure), refusal: refusal)
        case (.closing(_, let refusal), .closeFailed(let error)):
            return finish(.unrecorded(error, operation: operationID), refusal: refusal)
        case (.sent, _), (.checkingInputs, _), (.restoring, _), (.settling, _), (.closing, _), (.finished, _):
            return mismatch(event)
        }
    }

    /// ``State/sent``: the request failed.
    private mutating func requestFailed(_ error: MintClientError) -> Action {
        switch error.code {
        case .unreachable where firstAttempt, .authenticationRequired where firstAttempt:
            return close(.released(journal.ownInputs), reporting: WalletError.mint(error), refusal: nil)
        case .mintRefused:
            let inputYs: [CompressedPoint]
            do {
                inputYs = try journal.request.inputs.map { proof throws(CryptoError) in
                    CompressedPoint(try HashToCurve.point(secret: proof.secret))
                }
            } catch let hashError {
                return finish(
                    .open(
                        WalletError(
                            .crypto, "cannot hash an input secret", operationID: operationID, underlying: hashError)),
                    refusal: error)
            }
            state = .checkingInputs(refusal: error, inputYs: inputYs)
            return .checkInputs(inputYs)
        default:
            return finish(.open(WalletError.mint(error, operationID: operationID)), refusal: nil)
        }
    }

    /// ``State/checkingInputs(refusal:inputYs:)``: the mint's NUT-07 states of the inputs.
    private mutating func inputStates(
        _ states: [CompressedPoint: ProofState.State], of inputYs: [CompressedPoint], refusal: MintClientError
    ) -> Action {
        let inputStates = inputYs.map { states[$0] ?? .unknown("missing") }
        if inputStates.contains(where: { $0 == .pending || !$0.isKnown }) {
            return finish(
                .open(WalletError(.pending, "the swap's inputs are pending at the mint", operationID: operationID)),
                refusal: refusal)
        }
        if inputStates.allSatisfy({ $0 == .unspent }) {
            if let group = journal.group, group.leader != operationID {
                // A later part of a split receive: the token's other parts were swapped, so its proofs survive only
                // in this journal. It stays open (recovery sends it again) rather than being closed and dropped.
                return finish(
                    .open(
                        WalletError(
                            .pending,
                            "the mint refused a part of the receive although its proofs are unspent; it stays open "
                                + "and is sent again later",
                            mintError: refusal.mintError, operationID: operationID)),
                    refusal: refusal)
            }
            // The swap did not happen (even if a restore knew our outputs: then a counter was reused elsewhere).
            return close(.released(journal.ownInputs), reporting: WalletError.mint(refusal), refusal: refusal)
        }
        guard inputStates.allSatisfy({ $0 == .spent }) else {
            // Some spent, some not: not this swap (it is atomic); someone else spent part of the inputs.
            return spentElsewhere(
                spent: journal.ownInputs.filter { states[$0] == .spent },
                unspent: journal.ownInputs.filter { states[$0] == .unspent }, refusal: refusal)
        }
        state = .restoring(refusal: refusal)
        return .restore(journal.outputs)
    }

    /// ``State/restoring(refusal:)``: the mint's NUT-09 signatures of the outputs.
    private mutating func restored(_ restored: [Int: BlindSignature], refusal: MintClientError) -> Action {
        if restored.count == journal.outputs.count {
            state = .settling(refusal: refusal)
            return .settle((0..<journal.outputs.count).compactMap { restored[$0] })
        }
        guard restored.isEmpty else {
            // A swap is atomic (NUT-03): the mint signed all of its outputs or none. Part of them is a broken answer,
            // and settling on it would lose the rest.
            return finish(
                .open(
                    WalletError(
                        .invalidMintResponse,
                        "the mint restored \(restored.count) of the swap's \(journal.outputs.count) outputs",
                        operationID: operationID)),
                refusal: refusal)
        }
        // Inputs spent but none of our outputs signed: someone else spent them (a token claimed twice). A restore is
        // asked only once every input is spent, so every one of ours is.
        return spentElsewhere(spent: journal.ownInputs, unspent: [], refusal: refusal)
    }

    private mutating func spentElsewhere(
        spent: [CompressedPoint], unspent: [CompressedPoint], refusal: MintClientError
    ) -> Action {
        close(
            .spentElsewhere(spent: spent, unspent: unspent),
            reporting: WalletError(
                .alreadySpent, "the proofs were spent elsewhere before this swap", operationID: operationID),
            refusal: refusal)
    }

    /// ``State/settling(refusal:)``: the signatures were stored.
    private mutating func settled(_ settlement: SwapSettlement, refusal: MintClientError?) -> Action {
        if !settlement.closedHere && journal.purpose == .send {
            // Another pass settled this send first. A locked send stays a send: its proofs are the token. Otherwise
            // it kept the outputs, and a token made of them now would be spent twice.
            let sent = settlement.outcome.sent.count
            guard sent > 0, settlement.stillSent == sent else {
                return finish(
                    .failed(
                        WalletError(
                            .cancelled,
                            "a recovery pass settled this send first and kept its outputs; no token was made",
                            operationID: operationID)),
                    refusal: refusal)
            }
        }
        return finish(.settled(settlement.outcome), refusal: refusal)
    }

    private mutating func close(_ closing: SwapClosing, reporting error: WalletError, refusal: MintClientError?)
        -> Action
    {
        state = .closing(failure: error, refusal: refusal)
        return .close(closing)
    }

    /// Every end passes the refused-write rule (which lets it through unless a refusal is being checked).
    private mutating func finish(_ outcome: SagaOutcome<SwapOutcome>, refusal: MintClientError?) -> Action {
        state = .finished
        return .finish(RefusedWriteRule.report(outcome, refusal: refusal, operation: operationID))
    }

    /// An event the state does not wait for: the saga ends with the operation open, nothing released.
    private mutating func mismatch(_ event: Event) -> Action {
        let mismatch = SagaEventMismatch(saga: "swap", event: event, state: state)
        state = .finished
        return .finish(.mismatched(mismatch, operation: operationID))
    }
}
