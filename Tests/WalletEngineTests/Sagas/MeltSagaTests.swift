// Engine tests: every transition of the melt saga (NUT-05, NUT-08 change, NUT-07 and NUT-09), without a mint.

@testable import CashuEngine
import Testing

@Suite("MeltSaga")
struct MeltSagaTests {
    typealias F = SagaFixtures

    private func saga(_ journal: MeltJournal = F.meltJournal(), firstAttempt: Bool = true) -> MeltSaga {
        MeltSaga(operationID: F.operationID, journal: journal, firstAttempt: firstAttempt)
    }

    private var paidResult: MeltResult {
        MeltResult(operationID: F.operationID, state: .paid, amount: 9, fee: 1, change: 2, paymentPreimage: "00")
    }

    /// The saga after the mint refused its request, reading the quote's state.
    private func refused(_ code: MintError.KnownCode? = nil) -> MeltSaga {
        var saga = saga()
        guard case .fetchQuoteState = saga.handle(.requestFailed(F.refusal(code, endpoint: "POST /v1/melt/bolt11")))
        else {
            Issue.record("expected fetchQuoteState")
            return saga
        }
        return saga
    }

    @Test("a payment starts by sending the journaled request")
    func startSends() {
        let saga = saga()
        guard case .send(let request) = saga.start() else { Issue.record("expected send"); return }
        #expect(request == saga.journal.request)
    }

    @Test("learning a melt's fate starts from the quote's state")
    func resolveReadsTheQuote() {
        var saga = saga()
        guard case .fetchQuoteState(let quote) = saga.resolve() else { Issue.record("expected fetch"); return }
        #expect(quote == "melt-quote-1")
    }

    @Test("PAID in our own answer with change settles it with that change, by position")
    func ownPaidWithChangeSettles() {
        var saga = saga()
        let change = F.signatures(for: Array(saga.journal.blankOutputs.prefix(1)))
        guard case .settlePaid(let settled, let preimage) = saga.handle(
            .answered(F.meltAnswer(.paid, change: change, preimage: "ab")))
        else {
            Issue.record("expected settlePaid")
            return
        }
        #expect(settled == [0: change[0]])
        #expect(preimage == "ab")
    }

    @Test("PAID in our own answer without change, blanks sent: the change comes back by NUT-09")
    func ownPaidWithoutChangeRestores() {
        var saga = saga()
        guard case .restoreChange(let blanks) = saga.handle(.answered(F.meltAnswer(.paid, preimage: "ab"))) else {
            Issue.record("expected restoreChange")
            return
        }
        #expect(blanks == saga.journal.blankOutputs)
        guard case .settlePaid(let change, let preimage) = saga.handle(.restored([:])) else {
            Issue.record("expected settlePaid")
            return
        }
        #expect(change.isEmpty)
        #expect(preimage == "ab")
    }

    @Test("PAID without blanks settles at once with no change")
    func ownPaidWithoutBlanksSettles() {
        var saga = saga(F.meltJournal(blanks: 0))
        guard case .settlePaid(let change, _) = saga.handle(.answered(F.meltAnswer(.paid))) else {
            Issue.record("expected settlePaid")
            return
        }
        #expect(change.isEmpty)
    }

    @Test("PAID read from the quote later is checked against our inputs first (NUT-07)")
    func laterPaidChecksInputs() {
        var saga = saga()
        _ = saga.resolve()
        guard case .checkInputs(let Ys) = saga.handle(.quoteState(F.meltAnswer(.paid))) else {
            Issue.record("expected checkInputs")
            return
        }
        #expect(Ys == saga.journal.inputs)
    }

    @Test("PAID later and every input spent: settled")
    func laterPaidAllSpentSettles() {
        var saga = saga()
        _ = saga.resolve()
        _ = saga.handle(.quoteState(F.meltAnswer(.paid, change: [], preimage: "cd")))
        guard case .settlePaid(_, let preimage) = saga.handle(.inputStates(F.states(saga.journal.inputs, .spent)))
        else {
            Issue.record("expected settlePaid")
            return
        }
        #expect(preimage == "cd")
    }

    @Test("PAID later, all spent, no change in the quote: NUT-09 for the change")
    func laterPaidWithoutChangeRestores() {
        var saga = saga()
        _ = saga.resolve()
        _ = saga.handle(.quoteState(F.meltAnswer(.paid)))
        #expect(saga.handle(.inputStates(F.states(saga.journal.inputs, .spent))).name == "restoreChange")
    }

    @Test("PAID later but our inputs unspent: another payment of the quote; ours failed, inputs released")
    func laterPaidUnspentIsAnotherPayment() {
        var saga = saga()
        _ = saga.resolve()
        _ = saga.handle(.quoteState(F.meltAnswer(.paid)))
        guard case .close(let spent, let released) = saga.handle(.inputStates(F.states(saga.journal.inputs, .unspent)))
        else {
            Issue.record("expected close")
            return
        }
        #expect(spent.isEmpty)
        #expect(released == saga.journal.inputs)
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.code == .mintRefused)
    }

    @Test("PENDING marks it pending and ends in flight", arguments: [true, false])
    func pendingMarksPending(_ own: Bool) {
        var saga = saga()
        if !own { _ = saga.resolve() }
        let answer = F.meltAnswer(.pending)
        #expect(saga.handle(own ? .answered(answer) : .quoteState(answer)).name == "markPending")
        guard case .inFlight(let result)? = saga.handle(.markedPending).outcome else {
            Issue.record("expected inFlight")
            return
        }
        #expect(result.state == .pending)
        #expect(result.operationID == F.operationID)
        #expect(result.fee == 3)
    }

    @Test("a failed pending write leaves it open: pending with its id (the mint is paying)")
    func pendingWriteFailureLeavesOpen() {
        var saga = saga()
        _ = saga.handle(.answered(F.meltAnswer(.pending)))
        let outcome = saga.handle(.writeFailed(WalletError(.storage, "disk full"))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("an unreachable first attempt whose close fails is pending: recovery will send it again")
    func unreachableCloseFails() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.failure(.unreachable)))
        let outcome = saga.handle(.writeFailed(WalletError(.storage, "disk full"))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("refused, then PENDING, then the pending write fails: pending")
    func refusedPendingWriteFails() {
        var saga = refused(.quotePending)
        _ = saga.handle(.quoteState(F.meltAnswer(.pending)))
        #expect(saga.handle(.writeFailed(WalletError(.storage, "disk full"))).outcome?.error?.code == .pending)
    }

    @Test("refused, then PAID later with our inputs unspent: another payment; closed, the refusal without an id")
    func refusedThenPaidByAnother() {
        var saga = refused(.invoiceAlreadyPaid)
        _ = saga.handle(.quoteState(F.meltAnswer(.paid)))
        #expect(saga.handle(.inputStates(F.states(saga.journal.inputs, .unspent))).name == "close")
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.error?.mintError?.known == .invoiceAlreadyPaid)
        #expect(outcome?.error?.operationID == nil)
    }

    @Test("PAID later with one of our inputs pending at the mint: open")
    func laterPaidPendingInput() {
        var saga = saga()
        _ = saga.resolve()
        _ = saga.handle(.quoteState(F.meltAnswer(.paid)))
        var states = F.states(saga.journal.inputs, .spent)
        states[saga.journal.inputs[0]] = .pending
        #expect(saga.handle(.inputStates(states)).outcome?.error?.code == .pending)
    }

    @Test("PAID later with a mix of spent and unspent inputs: the spent ones marked spent, the rest released")
    func laterPaidMixed() {
        var saga = saga()
        _ = saga.resolve()
        _ = saga.handle(.quoteState(F.meltAnswer(.paid)))
        var states = F.states(saga.journal.inputs, .unspent)
        states[saga.journal.inputs[0]] = .spent
        guard case .close(let spent, let released) = saga.handle(.inputStates(states)) else {
            Issue.record("expected close")
            return
        }
        #expect(spent == [saga.journal.inputs[0]])
        #expect(released == [saga.journal.inputs[1]])
    }

    @Test("our own PAID with an empty change list settles with no change, without asking NUT-09")
    func ownPaidEmptyChange() {
        var saga = saga()
        guard case .settlePaid(let change, _) = saga.handle(.answered(F.meltAnswer(.paid, change: []))) else {
            Issue.record("expected settlePaid")
            return
        }
        #expect(change.isEmpty)
    }

    @Test("a cancelled request leaves the payment open as cancelled, with its id")
    func cancelledLeavesOpen() {
        var saga = saga()
        let outcome = saga.handle(.requestFailed(F.failure(.cancelled))).outcome
        #expect(outcome?.error?.code == .cancelled)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("refused, PAID, then the settlement fails with a broken change answer: pending")
    func refusedThenSettleFails() {
        var saga = refused()
        _ = saga.handle(.quoteState(F.meltAnswer(.paid, change: [])))
        _ = saga.handle(.inputStates(F.states(saga.journal.inputs, .spent)))
        let broken = WalletError(.crypto, "bad change", operationID: F.operationID)
        #expect(saga.handle(.settleFailed(broken)).outcome?.error?.code == .pending)
    }

    @Test("UNPAID is decided by the inputs' states", arguments: [true, false])
    func unpaidChecksInputs(_ own: Bool) {
        var saga = saga()
        if !own { _ = saga.resolve() }
        let answer = F.meltAnswer(.unpaid)
        #expect(saga.handle(own ? .answered(answer) : .quoteState(answer)).name == "checkInputs")
    }

    @Test("UNPAID and every input unspent: failed, inputs released, the quote unpaid again")
    func unpaidUnspentCloses() {
        var saga = saga()
        _ = saga.handle(.answered(F.meltAnswer(.unpaid)))
        guard case .close(let spent, let released) = saga.handle(.inputStates(F.states(saga.journal.inputs, .unspent)))
        else {
            Issue.record("expected close")
            return
        }
        #expect(spent.isEmpty)
        #expect(released == saga.journal.inputs)
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.code == .mintRefused)
        #expect(outcome?.error?.operationID == nil)
    }

    @Test("UNPAID and some inputs spent elsewhere: those marked spent, the rest released")
    func unpaidMixedCloses() {
        var saga = saga()
        _ = saga.handle(.answered(F.meltAnswer(.unpaid)))
        var states = F.states(saga.journal.inputs, .unspent)
        states[saga.journal.inputs[0]] = .spent
        guard case .close(let spent, let released) = saga.handle(.inputStates(states)) else {
            Issue.record("expected close")
            return
        }
        #expect(spent == [saga.journal.inputs[0]])
        #expect(released == [saga.journal.inputs[1]])
    }

    @Test("UNPAID but every input spent: the quote lags; open until it agrees")
    func unpaidAllSpentWaits() {
        var saga = saga()
        _ = saga.resolve()
        _ = saga.handle(.quoteState(F.meltAnswer(.unpaid)))
        let outcome = saga.handle(.inputStates(F.states(saga.journal.inputs, .spent))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .pending)
    }

    @Test("UNPAID and an input pending at the mint: open", arguments: [ProofState.State.pending, .unknown("X")])
    func unpaidPendingInputWaits(_ state: ProofState.State) {
        var saga = saga()
        _ = saga.handle(.answered(F.meltAnswer(.unpaid)))
        var states = F.states(saga.journal.inputs, .unspent)
        states[saga.journal.inputs[1]] = state
        #expect(saga.handle(.inputStates(states)).outcome?.error?.code == .pending)
    }

    @Test("UNPAID and an input missing from the answer: open")
    func unpaidMissingInputWaits() {
        var saga = saga()
        _ = saga.handle(.answered(F.meltAnswer(.unpaid)))
        let states = F.states(Array(saga.journal.inputs.dropFirst()), .unspent)
        #expect(saga.handle(.inputStates(states)).outcome?.error?.code == .pending)
    }

    @Test("a stored settlement finishes settled")
    func settledFinishes() {
        var saga = saga()
        _ = saga.handle(.answered(F.meltAnswer(.paid, change: [])))
        guard case .settled(let result)? = saga.handle(.settled(paidResult)).outcome else {
            Issue.record("expected settled")
            return
        }
        #expect(result.state == .paid)
    }

    @Test("a settlement that fails leaves it open (the mint paid; recovery stores the change)")
    func settleFailureLeavesOpen() {
        var saga = saga()
        _ = saga.handle(.answered(F.meltAnswer(.paid, change: [])))
        let error = WalletError(.pending, "disk full", operationID: F.operationID)
        #expect(saga.handle(.settleFailed(error)).outcome?.name == "open")
    }

    @Test("an unreachable mint on the first attempt releases every input")
    func unreachableFirstAttemptReleases() {
        var saga = saga()
        guard case .close(let spent, let released) = saga.handle(.requestFailed(F.failure(.unreachable))) else {
            Issue.record("expected close")
            return
        }
        #expect(spent.isEmpty)
        #expect(released == saga.journal.inputs)
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.error?.code == .mintUnreachable)
        #expect(outcome?.error?.operationID == nil)
    }

    @Test("an unreachable mint on a replay leaves it open")
    func unreachableReplayLeavesOpen() {
        var saga = saga(firstAttempt: false)
        let outcome = saga.handle(.requestFailed(F.failure(.unreachable))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test(
        "an ambiguous failure leaves the payment open and pending",
        arguments: [MintClientError.Code.timeout, .transport, .httpStatus, .invalidResponse])
    func ambiguousLeavesOpen(_ code: MintClientError.Code) {
        var saga = saga()
        let outcome = saga.handle(.requestFailed(F.failure(code))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("a refusal reads the quote's state before anything is released")
    func refusalReadsTheQuote() {
        #expect(refused(.quoteExpired).refusal?.mintError?.known == .quoteExpired)
    }

    @Test("refused, then the quote PAID by our inputs: settled (an earlier attempt got through)")
    func refusedThenPaidSettles() {
        var saga = refused(.invoiceAlreadyPaid)
        _ = saga.handle(.quoteState(F.meltAnswer(.paid, change: [])))
        _ = saga.handle(.inputStates(F.states(saga.journal.inputs, .spent)))
        #expect(saga.handle(.settled(paidResult)).outcome?.name == "settled")
    }

    @Test("refused, then the quote PENDING: in flight, proofs held")
    func refusedThenPendingIsInFlight() {
        var saga = refused(.quotePending)
        #expect(saga.handle(.quoteState(F.meltAnswer(.pending))).name == "markPending")
        #expect(saga.handle(.markedPending).outcome?.name == "inFlight")
    }

    @Test("refused, then UNPAID with unspent inputs: failed with the mint's refusal and no operation id")
    func refusedThenUnpaidReportsTheRefusal() {
        var saga = refused(.quoteExpired)
        _ = saga.handle(.quoteState(F.meltAnswer(.unpaid)))
        #expect(saga.handle(.inputStates(F.states(saga.journal.inputs, .unspent))).name == "close")
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.mintError?.known == .quoteExpired)
        #expect(outcome?.error?.operationID == nil)
    }

    @Test(
        "refused, then the check fails: pending with the operation id, never 'refused' (refused-write rule)",
        arguments: [
            SagaFixtures.refusal(nil, endpoint: "GET /v1/melt/quote/bolt11"), SagaFixtures.failure(.unreachable),
            SagaFixtures.failure(.transport), SagaFixtures.failure(.cancelled),
        ])
    func refusedThenCheckFailsIsPending(_ failure: MintClientError) {
        var saga = refused(.quoteExpired)
        let outcome = saga.handle(.quoteStateFailed(failure)).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("refused, UNPAID, then NUT-07 refused: pending, keeping the check's mint error")
    func refusedThenCheckstateRefusedIsPending() {
        var saga = refused(.quoteExpired)
        _ = saga.handle(.quoteState(F.meltAnswer(.unpaid)))
        let outcome = saga.handle(.inputStatesFailed(F.refusal(nil, endpoint: "POST /v1/checkstate"))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.mintError?.code == 0)
    }

    @Test("refused, UNPAID and inputs pending: pending")
    func refusedThenInputsPendingIsPending() {
        var saga = refused()
        _ = saga.handle(.quoteState(F.meltAnswer(.unpaid)))
        let outcome = saga.handle(.inputStates(F.states(saga.journal.inputs, .pending))).outcome
        #expect(outcome?.error?.code == .pending)
    }

    @Test("refused, PAID, then NUT-09 for the change fails: pending (the payment went through)")
    func refusedThenRestoreFailsIsPending() {
        var saga = refused()
        _ = saga.handle(.quoteState(F.meltAnswer(.paid)))
        _ = saga.handle(.inputStates(F.states(saga.journal.inputs, .spent)))
        let outcome = saga.handle(.restoreFailed(F.failure(.timeout))).outcome
        #expect(outcome?.error?.code == .pending)
    }

    @Test("refused, then a failed close: pending")
    func refusedThenCloseFailsIsPending() {
        var saga = refused()
        _ = saga.handle(.quoteState(F.meltAnswer(.unpaid)))
        _ = saga.handle(.inputStates(F.states(saga.journal.inputs, .unspent)))
        #expect(saga.handle(.writeFailed(WalletError(.storage, "disk full"))).outcome?.error?.code == .pending)
    }

    @Test("a failed quote read without a refusal leaves it open with the read's error")
    func quoteReadFailureLeavesOpen() {
        var saga = saga(firstAttempt: false)
        _ = saga.resolve()
        let outcome = saga.handle(.quoteStateFailed(F.failure(.unreachable))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .mintUnreachable)
    }
}
