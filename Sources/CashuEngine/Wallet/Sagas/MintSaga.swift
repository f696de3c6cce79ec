// Wallet saga: minting ecash for a paid quote or a NUT-29 batch of them (NUT-04, NUT-09 to learn a lost or refused
// answer) — decisions only.

/// The decisions of one mint operation, from its journal to an end, with no I/O.
///
/// ``start()`` gives the first action; the wallet performs each action and feeds what happened back through
/// ``handle(_:)``, until a ``Action/finish(_:)``. The rules, each a named transition below:
/// - the journaled request is sent as it is (byte-identical on a replay);
/// - a refusal of its NUT-20 signature (20008) by a mint that predates the hardened message is answered once with the
///   journaled legacy signature, journaled before it is sent (the refusal is definite: nothing was signed);
/// - signatures settle the operation;
/// - a first attempt that could not reach the mint, or that the mint refused for a reason that means "not signed"
///   (``definiteRefusals``), closes it as failed;
/// - any other refusal, and every refusal of a replay, asks NUT-09 whether the outputs were signed anyway: all of
///   them settle it, none closes it as failed, part of them is a broken answer that leaves it open;
/// - anything ambiguous (a timeout, a cut, a broken answer) leaves it open for recovery;
/// - an event that does not answer the action the saga waits on (``State``) is a ``SagaEventMismatch``: open.
struct MintSaga: Sendable {
    /// What the wallet learned from performing an action.
    enum Event: Sendable {
        /// The mint signed the outputs (``Action/send(_:)``, ``Action/sendBatch(_:)``).
        case answered([BlindSignature])
        /// The request failed (``Action/send(_:)``, ``Action/sendBatch(_:)``).
        case requestFailed(MintClientError)
        /// NUT-09: the mint's signatures of journaled outputs, by output index (``Action/restore(_:)``).
        case restored([Int: BlindSignature])
        /// The restore failed.
        case restoreFailed(MintClientError)
        /// The signatures were verified, unblinded and stored; the operation is closed (``Action/settle(_:)``).
        case settled(MintResult)
        /// Verifying or storing the signatures failed (a broken answer, a full disk); the error names the operation.
        case settleFailed(WalletError)
        /// The journal was rewritten with the legacy signature (``Action/rewrite(_:)``).
        case rewritten
        /// Rewriting it failed; the journal still holds the refused request.
        case rewriteFailed(WalletError)
        /// The operation was closed as failed (``Action/closeFailed``).
        case closed
        /// Closing it failed.
        case closeFailed(WalletError)
    }

    /// What the wallet is to do next.
    enum Action: Sendable {
        /// Send the journaled request.
        case send(MintRequest)
        /// Send the journaled NUT-29 batch request.
        case sendBatch(BatchMintRequest)
        /// Replace the operation's journal with this one (the request re-signed over the legacy message).
        case rewrite(MintJournal)
        /// Ask the mint (NUT-09) for its signatures of these outputs.
        case restore([PlannedOutput])
        /// Verify, unblind and store the signatures (in output order), mark the quote issued, close as done.
        case settle([BlindSignature])
        /// Close the operation as failed (a mint reserves no inputs).
        case closeFailed
        /// Stop: the operation ended here.
        case finish(SagaOutcome<MintResult>)
    }

    /// Refusals of a first mint attempt that mean the outputs were not signed.
    static let definiteRefusals: Set<MintError.KnownCode> = [
        .quoteNotPaid, .quoteExpired, .mintingDisabled, .mintSignatureInvalid, .pubkeyRequired, .amountOutsideLimits,
        .keysetUnknown, .keysetInactive, .keysetExpired, .transactionNotBalanced, .duplicateQuoteIDs,
        .maxBatchSizeExceeded, .maxOutputsExceeded,
    ]

    let operationID: OperationID
    /// The journal, as last written.
    private(set) var journal: MintJournal
    /// Whether this is the operation's first request (a replay's refusal proves nothing).
    let firstAttempt: Bool
    /// Where the operation is; a new saga has sent its journaled request.
    private(set) var state: State = .sent

    init(operationID: OperationID, journal: MintJournal, firstAttempt: Bool) {
        self.operationID = operationID
        self.journal = journal
        self.firstAttempt = firstAttempt
    }

    /// The refusal being checked, once the mint refused.
    var refusal: MintClientError? { state.refusal }

    /// The first action: send the journaled request.
    func start() -> Action { sendJournaled() }

    /// Sends the journal's request: the batch when it is one.
    private func sendJournaled() -> Action {
        journal.batch.map { .sendBatch($0) } ?? .send(journal.request)
    }

    /// The next action after `event`, which must answer the action the saga waits on (``state``).
    mutating func handle(_ event: Event) -> Action {
        switch (state, event) {
        case (.sent, .answered(let signatures)):
            state = .settling(refusal: nil)
            return .settle(signatures)
        case (.sent, .requestFailed(let error)):
            return requestFailed(error)
        case (.rewriting(let rewritten), .rewritten):
            journal = rewritten
            state = .sent
            return sendJournaled()
        case (.rewriting, .rewriteFailed(let error)):
            // Nothing left with the new signature; recovery sends the journaled request again and falls back then.
            return finish(.unrecorded(error, operation: operationID), refusal: nil)
        case (.restoring(let refusal), .restored(let signatures)):
            return restored(signatures, refusal: refusal)
        case (.restoring(let refusal), .restoreFailed(let error)):
            return finish(.open(WalletError.mint(error, operationID: operationID)), refusal: refusal)
        case (.settling(let refusal), .settled(let result)):
            return finish(.settled(result), refusal: refusal)
        case (.settling(let refusal), .settleFailed(let error)):
            return finish(.open(error), refusal: refusal)
        case (.closing(let failure, let refusal), .closed):
            return finish(.failed(failure), refusal: refusal)
        case (.closing(_, let refusal), .closeFailed(let error)):
            return finish(.unrecorded(error, operation: operationID), refusal: refusal)
        case (.sent, _), (.rewriting, _), (.restoring, _), (.settling, _), (.closing, _), (.finished, _):
            return mismatch(event)
        }
    }

    /// ``State/sent``: the request failed.
    private mutating func requestFailed(_ error: MintClientError) -> Action {
        switch error.code {
        case .mintRefused:
            if error.mintError?.known == .mintSignatureInvalid, let fallback = journal.fallingBackToLegacySignature() {
                state = .rewriting(fallback)
                return .rewrite(fallback)
            }
            if firstAttempt, let code = error.mintError?.known, Self.definiteRefusals.contains(code) {
                return closeFailed(reporting: WalletError.mint(error), refusal: nil)
            }
            // Issued already (to our outputs if an earlier attempt got through), or an internal error (code 0) after
            // which the mint may have signed, or a replay refused for what changed since: NUT-09 tells.
            state = .restoring(refusal: error)
            return .restore(journal.outputs)
        case .unreachable where firstAttempt, .authenticationRequired where firstAttempt:
            return closeFailed(reporting: WalletError.mint(error), refusal: nil)
        default:
            return finish(.open(WalletError.mint(error, operationID: operationID)), refusal: nil)
        }
    }

    /// ``State/restoring(refusal:)``: the mint's NUT-09 signatures of the outputs.
    private mutating func restored(_ restored: [Int: BlindSignature], refusal: MintClientError) -> Action {
        if restored.count == journal.outputs.count {
            state = .settling(refusal: refusal)
            return .settle((0..<journal.outputs.count).compactMap { restored[$0] })
        }
        guard restored.isEmpty else {
            return finish(
                .open(
                    WalletError(
                        .invalidMintResponse, "the mint signed only part of the outputs", operationID: operationID)),
                refusal: refusal)
        }
        // Nothing of ours was signed: the refusal stands.
        if refusal.mintError?.known == .quoteAlreadyIssued {
            return closeFailed(
                reporting: WalletError(.quoteState, "the quote was already minted, not to this wallet's outputs"),
                refusal: refusal)
        }
        return closeFailed(reporting: WalletError.mint(refusal), refusal: refusal)
    }

    private mutating func closeFailed(reporting error: WalletError, refusal: MintClientError?) -> Action {
        state = .closing(failure: error, refusal: refusal)
        return .closeFailed
    }

    /// Every end passes the refused-write rule (which lets it through unless a refusal is being checked).
    private mutating func finish(_ outcome: SagaOutcome<MintResult>, refusal: MintClientError?) -> Action {
        state = .finished
        return .finish(RefusedWriteRule.report(outcome, refusal: refusal, operation: operationID))
    }

    /// An event the state does not wait for: the saga ends with the operation open.
    private mutating func mismatch(_ event: Event) -> Action {
        let mismatch = SagaEventMismatch(saga: "mint", event: event, state: state)
        state = .finished
        return .finish(.mismatched(mismatch, operation: operationID))
    }
}
