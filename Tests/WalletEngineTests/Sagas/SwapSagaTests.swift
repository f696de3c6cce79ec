// Engine tests: every transition of the swap saga (NUT-03, NUT-07, NUT-09) behind send, receive, reclaim and swap.

@testable import CashuEngine
import Testing

@Suite("SwapSaga")
struct SwapSagaTests {
    typealias F = SagaFixtures

    private func saga(_ journal: SwapJournal = F.swapJournal(), firstAttempt: Bool = true) -> SwapSaga {
        SwapSaga(operationID: F.operationID, kind: .swap, journal: journal, firstAttempt: firstAttempt)
    }

    /// The saga after a refusal, with the inputs' `Y`s it asked NUT-07 about.
    private func refused(_ journal: SwapJournal = F.swapJournal(), code: MintError.KnownCode? = nil)
        -> (SwapSaga, [CompressedPoint])
    {
        var saga = saga(journal)
        guard case .checkInputs(let Ys) = saga.handle(.requestFailed(F.refusal(code))) else {
            Issue.record("expected checkInputs")
            return (saga, [])
        }
        return (saga, Ys)
    }

    private func settlement(_ journal: SwapJournal, closedHere: Bool, stillSent: Int? = nil) -> SwapSettlement {
        let sent = F.proofs(journal.sendIndices.map { journal.outputs[$0].amount })
        return SwapSettlement(
            outcome: SwapOutcome(operationID: F.operationID, sent: sent, kept: [], fee: journal.fee),
            closedHere: closedHere, stillSent: stillSent ?? sent.count)
    }

    @Test("starts by sending the journaled request")
    func startsWithTheJournaledRequest() {
        let saga = saga()
        guard case .send(let request) = saga.start() else { Issue.record("expected send"); return }
        #expect(request == saga.journal.request)
    }

    @Test("signatures in the answer settle it")
    func answerSettles() {
        var saga = saga()
        #expect(saga.handle(.answered(F.signatures(for: saga.journal.outputs))).name == "settle")
    }

    @Test("a settlement stored here finishes settled", arguments: [SwapJournal.Purpose.swap, .receive, .reclaim, .send])
    func settledHereFinishes(_ purpose: SwapJournal.Purpose) {
        let journal = F.swapJournal(purpose: purpose, sendIndices: purpose == .send ? [2] : [])
        var saga = saga(journal)
        _ = saga.handle(.answered(F.signatures(for: journal.outputs)))
        #expect(saga.handle(.settled(settlement(journal, closedHere: true))).outcome?.name == "settled")
    }

    @Test("a send another pass settled first, which kept its outputs, made no token: cancelled")
    func sendSettledElsewhereIsCancelled() {
        let journal = F.swapJournal(purpose: .send, sendIndices: [2])
        var saga = saga(journal)
        _ = saga.handle(.answered(F.signatures(for: journal.outputs)))
        let outcome = saga.handle(.settled(settlement(journal, closedHere: false, stillSent: 0))).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.code == .cancelled)
    }

    @Test("a locked send another pass settled first is still a send: its proofs are the token")
    func lockedSendSettledElsewhereStands() {
        let journal = F.swapJournal(purpose: .send, sendIndices: [2])
        var saga = saga(journal)
        _ = saga.handle(.answered(F.signatures(for: journal.outputs)))
        #expect(saga.handle(.settled(settlement(journal, closedHere: false))).outcome?.name == "settled")
    }

    @Test("a plain swap another pass settled first is simply settled")
    func swapSettledElsewhereIsSettled() {
        let journal = F.swapJournal()
        var saga = saga(journal)
        _ = saga.handle(.answered(F.signatures(for: journal.outputs)))
        #expect(saga.handle(.settled(settlement(journal, closedHere: false))).outcome?.name == "settled")
    }

    @Test("a settlement that fails leaves it open")
    func settleFailureLeavesOpen() {
        var saga = saga()
        _ = saga.handle(.answered(F.signatures(for: saga.journal.outputs)))
        let outcome = saga.handle(.settleFailed(WalletError(.pending, "disk full", operationID: F.operationID)))
            .outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .pending)
    }

    @Test("an unreachable mint on the first attempt releases the wallet's inputs")
    func unreachableFirstAttemptReleases() {
        var saga = saga()
        guard case .close(.released(let released)) = saga.handle(.requestFailed(F.failure(.unreachable))) else {
            Issue.record("expected close(released)")
            return
        }
        #expect(released == saga.journal.ownInputs)
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.error?.code == .mintUnreachable)
        #expect(outcome?.error?.operationID == nil)
    }

    @Test("an unreachable mint on a replay leaves it open")
    func unreachableReplayLeavesOpen() {
        var saga = saga(firstAttempt: false)
        #expect(saga.handle(.requestFailed(F.failure(.unreachable))).outcome?.name == "open")
    }

    @Test(
        "an ambiguous failure leaves it open and pending",
        arguments: [MintClientError.Code.timeout, .transport, .httpStatus, .invalidResponse])
    func ambiguousLeavesOpen(_ code: MintClientError.Code) {
        var saga = saga()
        let outcome = saga.handle(.requestFailed(F.failure(code))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("a refusal is checked with NUT-07 on every input, the token's ones included")
    func refusalChecksInputs() {
        let token = F.proofs([2])
        let journal = F.swapJournal(purpose: .receive, own: [], tokenInputs: token)
        let (_, Ys) = refused(journal)
        #expect(Ys == token.map(F.Y))
    }

    @Test("refused and every input unspent: it did not happen, inputs released, the refusal stands")
    func refusedUnspentReleases() {
        let (start, Ys) = refused(code: .transactionNotBalanced)
        var saga = start
        guard case .close(.released(let released)) = saga.handle(.inputStates(F.states(Ys, .unspent))) else {
            Issue.record("expected close(released)")
            return
        }
        #expect(released == saga.journal.ownInputs)
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.mintError?.known == .transactionNotBalanced)
    }

    @Test("a later part of a split receive, refused with every input unspent: open (its proofs exist nowhere else)")
    func refusedLaterPartStaysOpen() {
        var journal = F.swapJournal(purpose: .receive, own: [], tokenInputs: F.proofs([4, 4]))
        let leader = OperationID(rawValue: "leader")
        journal.group = ReceiveGroup(leader: leader, parts: [leader, F.operationID])
        let (start, Ys) = refused(journal, code: .transactionNotBalanced)
        var saga = start
        let outcome = saga.handle(.inputStates(F.states(Ys, .unspent))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .pending && outcome?.error?.operationID == F.operationID)
        #expect(outcome?.error?.mintError?.known == .transactionNotBalanced)
        // The group's first part is closed like any receive: the token is still whole then.
        journal.group = ReceiveGroup(leader: F.operationID, parts: [F.operationID, OperationID(rawValue: "later")])
        var first = refused(journal, code: .transactionNotBalanced)
        guard case .close(.released) = first.0.handle(.inputStates(F.states(first.1, .unspent))) else {
            Issue.record("expected close(released)")
            return
        }
    }

    @Test("refused and an input pending at the mint: wait, open")
    func refusedPendingWaits() {
        let (start, Ys) = refused()
        var saga = start
        var states = F.states(Ys, .unspent)
        states[Ys[0]] = .pending
        let outcome = saga.handle(.inputStates(states)).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .pending)
    }

    @Test("refused and an input the mint did not report: wait, open")
    func refusedMissingStateWaits() {
        let (start, Ys) = refused()
        var saga = start
        let outcome = saga.handle(.inputStates(F.states(Array(Ys.dropFirst()), .spent))).outcome
        #expect(outcome?.error?.code == .pending)
    }

    @Test("refused and an unknown state: wait, open")
    func refusedUnknownStateWaits() {
        let (start, Ys) = refused()
        var saga = start
        let outcome = saga.handle(.inputStates(F.states(Ys, .unknown("BURNT")))).outcome
        #expect(outcome?.error?.code == .pending)
    }

    @Test("refused and every input spent: NUT-09 on the outputs")
    func refusedSpentRestores() {
        let (start, Ys) = refused(code: .outputsAlreadySigned)
        var saga = start
        guard case .restore(let outputs) = saga.handle(.inputStates(F.states(Ys, .spent))) else {
            Issue.record("expected restore")
            return
        }
        #expect(outputs == saga.journal.outputs)
    }

    @Test("spent inputs and every output restored: settled from NUT-09")
    func restoredSettles() {
        let (start, Ys) = refused()
        var saga = start
        _ = saga.handle(.inputStates(F.states(Ys, .spent)))
        let signatures = F.signatures(for: saga.journal.outputs)
        let restored = Dictionary(uniqueKeysWithValues: signatures.enumerated().map { ($0, $1) })
        guard case .settle(let settled) = saga.handle(.restored(restored)) else {
            Issue.record("expected settle")
            return
        }
        #expect(settled == signatures)
    }

    @Test("spent inputs and part of the outputs restored: a broken answer, open")
    func partialRestoreLeavesOpen() {
        let (start, Ys) = refused()
        var saga = start
        _ = saga.handle(.inputStates(F.states(Ys, .spent)))
        let signatures = F.signatures(for: saga.journal.outputs)
        let outcome = saga.handle(.restored([1: signatures[1]])).outcome
        #expect(outcome?.error?.code == .invalidMintResponse)
    }

    @Test("spent inputs and no output restored: someone else spent them")
    func noRestoreIsSpentElsewhere() {
        let (start, Ys) = refused()
        var saga = start
        _ = saga.handle(.inputStates(F.states(Ys, .spent)))
        guard case .close(.spentElsewhere(let spent, let unspent)) = saga.handle(.restored([:])) else {
            Issue.record("expected close(spentElsewhere)")
            return
        }
        #expect(spent == saga.journal.ownInputs)
        #expect(unspent.isEmpty)
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.error?.code == .alreadySpent)
    }

    @Test("some inputs spent, some not: someone else spent part of them; the rest released")
    func mixedStatesAreSpentElsewhere() {
        let (start, Ys) = refused()
        var saga = start
        var states = F.states(Ys, .unspent)
        states[Ys[0]] = .spent
        guard case .close(.spentElsewhere(let spent, let unspent)) = saga.handle(.inputStates(states)) else {
            Issue.record("expected close(spentElsewhere)")
            return
        }
        #expect(spent == [Ys[0]])
        #expect(unspent == [Ys[1]])
        #expect(saga.handle(.closed).outcome?.error?.code == .alreadySpent)
    }

    @Test("a refused NUT-07 after a refusal is pending with the check's mint error (refused-write rule)")
    func refusedCheckIsPending() {
        let (start, _) = refused(code: .proofsAlreadySpent)
        var saga = start
        let outcome = saga.handle(.inputStatesFailed(F.refusal(nil, endpoint: "POST /v1/checkstate"))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.mintError?.code == 0)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("an unreachable NUT-09 after a refusal is pending, keeping the swap's refusal")
    func unreachableRestoreIsPending() {
        let (start, Ys) = refused(code: .outputsAlreadySigned)
        var saga = start
        _ = saga.handle(.inputStates(F.states(Ys, .spent)))
        let outcome = saga.handle(.restoreFailed(F.failure(.unreachable))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.mintError?.known == .outputsAlreadySigned)
    }

    @Test("a failed close after a refusal is pending")
    func closeFailureAfterRefusalIsPending() {
        let (start, Ys) = refused()
        var saga = start
        _ = saga.handle(.inputStates(F.states(Ys, .unspent)))
        #expect(saga.handle(.closeFailed(WalletError(.storage, "disk full"))).outcome?.error?.code == .pending)
    }

    @Test("a failed close on the first unreachable attempt is pending with the id: the swap is still journaled")
    func closeFailureIsPending() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.failure(.unreachable)))
        let outcome = saga.handle(.closeFailed(WalletError(.storage, "disk full"))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("a failed close on the spent-elsewhere path is pending")
    func spentElsewhereCloseFails() {
        let (start, Ys) = refused()
        var saga = start
        var states = F.states(Ys, .unspent)
        states[Ys[0]] = .spent
        _ = saga.handle(.inputStates(states))
        #expect(saga.handle(.closeFailed(WalletError(.storage, "disk full"))).outcome?.error?.code == .pending)
    }

    @Test("a settlement that fails after a refusal is pending (refused-write rule)")
    func settleFailureAfterRefusal() {
        let (start, Ys) = refused()
        var saga = start
        _ = saga.handle(.inputStates(F.states(Ys, .spent)))
        let signatures = F.signatures(for: saga.journal.outputs)
        _ = saga.handle(.restored(Dictionary(uniqueKeysWithValues: signatures.enumerated().map { ($0, $1) })))
        let broken = WalletError(.invalidMintResponse, "bad DLEQ", operationID: F.operationID)
        #expect(saga.handle(.settleFailed(broken)).outcome?.error?.code == .invalidMintResponse)
        let (again, againYs) = refused()
        var other = again
        _ = other.handle(.inputStates(F.states(againYs, .spent)))
        _ = other.handle(.restored(Dictionary(uniqueKeysWithValues: signatures.enumerated().map { ($0, $1) })))
        #expect(other.handle(.settleFailed(WalletError(.crypto, "x"))).outcome?.error?.code == .pending)
    }

    @Test("a send settled elsewhere with only part of its token still sent made no token: cancelled")
    func sendPartlySentElsewhere() {
        let journal = F.swapJournal(purpose: .send, sendIndices: [1, 2])
        var saga = saga(journal)
        _ = saga.handle(.answered(F.signatures(for: journal.outputs)))
        let outcome = saga.handle(.settled(settlement(journal, closedHere: false, stillSent: 1))).outcome
        #expect(outcome?.error?.code == .cancelled)
    }

    @Test("a send settled elsewhere with no outputs to send: cancelled")
    func sendWithoutSentOutputsElsewhere() {
        let journal = F.swapJournal(purpose: .send, sendIndices: [])
        var saga = saga(journal)
        _ = saga.handle(.answered(F.signatures(for: journal.outputs)))
        #expect(saga.handle(.settled(settlement(journal, closedHere: false))).outcome?.error?.code == .cancelled)
    }

    @Test("a send settled elsewhere, reached through NUT-09 after a refusal: cancelled, the refusal does not apply")
    func sendSettledElsewhereAfterRefusal() {
        let journal = F.swapJournal(purpose: .send, sendIndices: [2])
        let (start, Ys) = refused(journal)
        var saga = start
        _ = saga.handle(.inputStates(F.states(Ys, .spent)))
        let signatures = F.signatures(for: journal.outputs)
        _ = saga.handle(.restored(Dictionary(uniqueKeysWithValues: signatures.enumerated().map { ($0, $1) })))
        let outcome = saga.handle(.settled(settlement(journal, closedHere: false, stillSent: 0))).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.code == .cancelled)
    }

    @Test("a cancelled request leaves it open as cancelled, with its id")
    func cancelledLeavesOpen() {
        var saga = saga()
        let outcome = saga.handle(.requestFailed(F.failure(.cancelled))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .cancelled)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("11001 with every input unspent: released, and the refusal is reported as already spent")
    func alreadySpentRefusalWithUnspentInputs() {
        let (start, Ys) = refused(code: .proofsAlreadySpent)
        var saga = start
        #expect(saga.handle(.inputStates(F.states(Ys, .unspent))).name == "close")
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.code == .alreadySpent)
    }
}
