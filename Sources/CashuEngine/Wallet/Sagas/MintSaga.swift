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
/// - anything ambiguous (a timeout, a cut, a broken answer) leaves it open for recovery.
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
    /// The refusal being checked, once the mint refused.
    private(set) var refusal: MintClientError?
    /// What to report once the operation is closed as failed.
    private var failure: WalletError?

    init(operationID: OperationID, journal: MintJournal, firstAttempt: Bool) {
        self.operationID = operationID
        self.journal = journal
        self.firstAttempt = firstAttempt
    }

    /// The first action: send the journaled request.
    func start() -> Action { sendJournaled() }

    /// Sends the journal's request: the batch when it is one.
    private func sendJournaled() -> Action {
        journal.batch.map { .sendBatch($0) } ?? .send(journal.request)
    }

    /// The next action after `event`.
    mutating func handle(_ event: Event) -> Action {
        switch event {
        case .answered(let signatures):
            return .settle(signatures)
        case .requestFailed(let error):
            return requestFailed(error)
        case .restored(let signatures):
            return restored(signatures)
        case .restoreFailed(let error):
            return finish(.open(WalletError.mint(error, operationID: operationID)))
        case .settled(let result):
            return finish(.settled(result))
        case .settleFailed(let error):
            return finish(.open(error))
        case .rewritten:
            return sendJournaled()
        case .rewriteFailed(let error):
            // Nothing left with the new signature; recovery sends the journaled request again and falls back then.
            return finish(.unrecorded(error, operation: operationID))
        case .closed:
            return finish(.failed(failure ?? WalletError(.mintRefused, "the mint did not sign the outputs")))
        case .closeFailed(let error):
            return finish(.unrecorded(error, operation: operationID))
        }
    }

    private mutating func requestFailed(_ error: MintClientError) -> Action {
        switch error.code {
        case .mintRefused:
            if error.mintError?.known == .mintSignatureInvalid, let fallback = journal.fallingBackToLegacySignature() {
                journal = fallback
                return .rewrite(fallback)
            }
            if firstAttempt, let code = error.mintError?.known, Self.definiteRefusals.contains(code) {
                return closeFailed(reporting: WalletError.mint(error))
            }
            // Issued already (to our outputs if an earlier attempt got through), or an internal error (code 0) after
            // which the mint may have signed, or a replay refused for what changed since: NUT-09 tells.
            refusal = error
            return .restore(journal.outputs)
        case .unreachable where firstAttempt, .authenticationRequired where firstAttempt:
            return closeFailed(reporting: WalletError.mint(error))
        default:
            return finish(.open(WalletError.mint(error, operationID: operationID)))
        }
    }

    private mutating func restored(_ restored: [Int: BlindSignature]) -> Action {
        if restored.count == journal.outputs.count {
            return .settle((0..<journal.outputs.count).compactMap { restored[$0] })
        }
        guard restored.isEmpty else {
            return finish(
                .open(
                    WalletError(
                        .invalidMintResponse, "the mint signed only part of the outputs", operationID: operationID)))
        }
        // Nothing of ours was signed: the refusal stands.
        if refusal?.mintError?.known == .quoteAlreadyIssued {
            return closeFailed(
                reporting: WalletError(.quoteState, "the quote was already minted, not to this wallet's outputs"))
        }
        return closeFailed(
            reporting: refusal.map { WalletError.mint($0) }
                ?? WalletError(.mintRefused, "the mint did not sign the outputs"))
    }

    private mutating func closeFailed(reporting error: WalletError) -> Action {
        failure = error
        return .closeFailed
    }

    /// Every end passes the refused-write rule (which lets it through unless a refusal is being checked).
    private func finish(_ outcome: SagaOutcome<MintResult>) -> Action {
        .finish(RefusedWriteRule.report(outcome, refusal: refusal, operation: operationID))
    }
}
