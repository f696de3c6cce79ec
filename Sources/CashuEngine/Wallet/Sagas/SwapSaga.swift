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
///   are unspent (they exist nowhere else once the first part settled).
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
    /// The refusal being checked, once the mint refused.
    private(set) var refusal: MintClientError?
    /// The inputs' `Y`s, once computed, in request order.
    private var inputYs: [CompressedPoint] = []
    /// What to report once the operation is closed.
    private var failure: WalletError?

    init(operationID: OperationID, kind: OperationKind, journal: SwapJournal, firstAttempt: Bool) {
        self.operationID = operationID
        self.kind = kind
        self.journal = journal
        self.firstAttempt = firstAttempt
    }

    /// The first action: send the journaled request.
    func start() -> Action { .send(journal.request) }

    /// The next action after `event`.
    mutating func handle(_ event: Event) -> Action {
        switch event {
        case .answered(let signatures):
            return .settle(signatures)
        case .requestFailed(let error):
            return requestFailed(error)
        case .inputStates(let states):
            return inputStates(states)
        case .inputStatesFailed(let error), .restoreFailed(let error):
            return finish(.open(WalletError.mint(error, operationID: operationID)))
        case .restored(let signatures):
            return restored(signatures)
        case .settled(let settlement):
            return settled(settlement)
        case .settleFailed(let error):
            return finish(.open(error))
        case .closeFailed(let error):
            return finish(.unrecorded(error, operation: operationID))
        case .closed:
            return finish(.failed(failure ?? WalletError(.mintRefused, "the swap did not happen")))
        }
    }

    private mutating func requestFailed(_ error: MintClientError) -> Action {
        switch error.code {
        case .unreachable where firstAttempt, .authenticationRequired where firstAttempt:
            return close(.released(journal.ownInputs), reporting: WalletError.mint(error))
        case .mintRefused:
            refusal = error
            do {
                inputYs = try journal.request.inputs.map { proof throws(CryptoError) in
                    CompressedPoint(try HashToCurve.point(secret: proof.secret))
                }
            } catch {
                return finish(
                    .open(
                        WalletError(
                            .crypto, "cannot hash an input secret", operationID: operationID, underlying: error)))
            }
            return .checkInputs(inputYs)
        default:
            return finish(.open(WalletError.mint(error, operationID: operationID)))
        }
    }

    private mutating func inputStates(_ states: [CompressedPoint: ProofState.State]) -> Action {
        let inputStates = inputYs.map { states[$0] ?? .unknown("missing") }
        if inputStates.contains(where: { $0 == .pending || !$0.isKnown }) {
            return finish(
                .open(WalletError(.pending, "the swap's inputs are pending at the mint", operationID: operationID)))
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
                            mintError: refusal?.mintError, operationID: operationID)))
            }
            // The swap did not happen (even if a restore knew our outputs: then a counter was reused elsewhere).
            return close(
                .released(journal.ownInputs),
                reporting: refusal.map { WalletError.mint($0) }
                    ?? WalletError(.mintRefused, "the swap did not happen"))
        }
        guard inputStates.allSatisfy({ $0 == .spent }) else {
            // Some spent, some not: not this swap (it is atomic); someone else spent part of the inputs.
            return spentElsewhere(
                spent: journal.ownInputs.filter { states[$0] == .spent },
                unspent: journal.ownInputs.filter { states[$0] == .unspent })
        }
        return .restore(journal.outputs)
    }

    private mutating func restored(_ restored: [Int: BlindSignature]) -> Action {
        if restored.count == journal.outputs.count {
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
                        operationID: operationID)))
        }
        // Inputs spent but none of our outputs signed: someone else spent them (a token claimed twice). A restore is
        // asked only once every input is spent, so every one of ours is.
        return spentElsewhere(spent: journal.ownInputs, unspent: [])
    }

    private mutating func spentElsewhere(spent: [CompressedPoint], unspent: [CompressedPoint]) -> Action {
        close(
            .spentElsewhere(spent: spent, unspent: unspent),
            reporting: WalletError(
                .alreadySpent, "the proofs were spent elsewhere before this swap", operationID: operationID))
    }

    private mutating func settled(_ settlement: SwapSettlement) -> Action {
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
                            operationID: operationID)))
            }
        }
        return finish(.settled(settlement.outcome))
    }

    private mutating func close(_ closing: SwapClosing, reporting error: WalletError) -> Action {
        failure = error
        return .close(closing)
    }

    /// Every end passes the refused-write rule (which lets it through unless a refusal is being checked).
    private func finish(_ outcome: SagaOutcome<SwapOutcome>) -> Action {
        .finish(RefusedWriteRule.report(outcome, refusal: refusal, operation: operationID))
    }
}
