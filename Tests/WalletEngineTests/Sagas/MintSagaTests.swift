// Engine tests: every transition of the mint saga (NUT-04, NUT-09), without a mint.

@testable import CashuEngine
import Testing

@Suite("MintSaga")
struct MintSagaTests {
    typealias F = SagaFixtures

    private func saga(firstAttempt: Bool = true) -> MintSaga {
        MintSaga(operationID: F.operationID, journal: F.mintJournal(), firstAttempt: firstAttempt)
    }

    @Test("starts by sending the journaled request, byte for byte")
    func startsWithTheJournaledRequest() {
        let saga = saga()
        guard case .send(let request) = saga.start() else { Issue.record("expected send"); return }
        #expect(request == saga.journal.request)
    }

    @Test("signatures in the answer settle it")
    func answerSettles() {
        var saga = saga()
        let signatures = F.signatures(for: saga.journal.outputs)
        guard case .settle(let settled) = saga.handle(.answered(signatures)) else {
            Issue.record("expected settle")
            return
        }
        #expect(settled == signatures)
    }

    @Test("a stored settlement finishes settled")
    func settledFinishes() {
        var saga = saga()
        _ = saga.handle(.answered(F.signatures(for: saga.journal.outputs)))
        let outcome = saga.handle(.settled(F.mintResult)).outcome
        #expect(outcome?.name == "settled")
    }

    @Test("a settlement that cannot be verified or stored leaves it open with the error")
    func settleFailureLeavesOpen() {
        var saga = saga()
        _ = saga.handle(.answered(F.signatures(for: saga.journal.outputs)))
        let error = WalletError(.invalidMintResponse, "bad DLEQ", operationID: F.operationID)
        let outcome = saga.handle(.settleFailed(error)).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .invalidMintResponse)
    }

    @Test("an unreachable mint on the first attempt closes it as failed", arguments: [true])
    func unreachableFirstAttemptCloses(_ first: Bool) {
        var saga = saga(firstAttempt: first)
        #expect(saga.handle(.requestFailed(F.failure(.unreachable))).name == "closeFailed")
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.code == .mintUnreachable)
        #expect(outcome?.error?.operationID == nil)
    }

    @Test("an unreachable mint on a replay leaves it open: the first attempt may have got through")
    func unreachableReplayLeavesOpen() {
        var saga = saga(firstAttempt: false)
        let outcome = saga.handle(.requestFailed(F.failure(.unreachable))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .mintUnreachable)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test(
        "an ambiguous failure leaves it open and pending",
        arguments: [MintClientError.Code.timeout, .transport, .httpStatus, .invalidResponse])
    func ambiguousLeavesOpen(_ code: MintClientError.Code) {
        var saga = saga()
        let outcome = saga.handle(.requestFailed(F.failure(code))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
    }

    @Test("a cancelled request leaves it open as cancelled")
    func cancelledLeavesOpen() {
        var saga = saga()
        let outcome = saga.handle(.requestFailed(F.failure(.cancelled))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .cancelled)
    }

    @Test("a definite refusal of a first attempt closes it as failed", arguments: Array(MintSaga.definiteRefusals))
    func definiteRefusalCloses(_ code: MintError.KnownCode) {
        var saga = saga()
        #expect(saga.handle(.requestFailed(F.refusal(code))).name == "closeFailed")
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.mintError?.known == code)
    }

    @Test("a definite refusal of a replay asks NUT-09: the first attempt may have been signed")
    func definiteRefusalOfReplayRestores() {
        var saga = saga(firstAttempt: false)
        guard case .restore(let outputs) = saga.handle(.requestFailed(F.refusal(.quoteExpired))) else {
            Issue.record("expected restore")
            return
        }
        #expect(outputs == saga.journal.outputs)
    }

    @Test(
        "an indefinite refusal asks NUT-09",
        arguments: [MintError.KnownCode.quoteAlreadyIssued, .outputsAlreadySigned, .quotePending, nil])
    func indefiniteRefusalRestores(_ code: MintError.KnownCode?) {
        var saga = saga()
        #expect(saga.handle(.requestFailed(F.refusal(code))).name == "restore")
        #expect(saga.refusal != nil)
    }

    @Test("NUT-09 restoring every output settles it, in output order")
    func fullRestoreSettles() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(.quoteAlreadyIssued)))
        let signatures = F.signatures(for: saga.journal.outputs)
        let restored = Dictionary(uniqueKeysWithValues: signatures.enumerated().reversed().map { ($0, $1) })
        guard case .settle(let settled) = saga.handle(.restored(restored)) else {
            Issue.record("expected settle")
            return
        }
        #expect(settled == signatures)
    }

    @Test("NUT-09 restoring nothing after 'already issued' closes it: issued to someone else's outputs")
    func emptyRestoreAfterIssuedCloses() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(.quoteAlreadyIssued)))
        #expect(saga.handle(.restored([:])).name == "closeFailed")
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.code == .quoteState)
    }

    @Test("NUT-09 restoring nothing after another refusal closes it with the mint's refusal")
    func emptyRestoreAfterRefusalCloses() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(nil)))
        #expect(saga.handle(.restored([:])).name == "closeFailed")
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.error?.code == .mintRefused)
        #expect(outcome?.error?.operationID == nil)
    }

    @Test("NUT-09 restoring part of the outputs is a broken answer: open, nothing settled")
    func partialRestoreLeavesOpen() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(nil)))
        let signatures = F.signatures(for: saga.journal.outputs)
        let outcome = saga.handle(.restored([0: signatures[0]])).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .invalidMintResponse)
    }

    @Test("a refused NUT-09 after a refusal leaves it pending with the mint's error (refused-write rule)")
    func refusedRestoreAfterRefusalIsPending() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(.quoteAlreadyIssued, endpoint: "POST /v1/mint/bolt11")))
        let outcome = saga.handle(.restoreFailed(F.refusal(nil, endpoint: "POST /v1/restore"))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
        #expect(outcome?.error?.mintError?.code == 0)
    }

    @Test("an unreachable NUT-09 after a refusal is pending, keeping the refusal's mint error")
    func unreachableRestoreAfterRefusalIsPending() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(.quoteAlreadyIssued)))
        let outcome = saga.handle(.restoreFailed(F.failure(.unreachable))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.mintError?.known == .quoteAlreadyIssued)
    }

    @Test("a failed close leaves it journaled: pending with its id, the store's error underneath")
    func closeFailureLeavesOpen() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.failure(.unreachable)))
        let outcome = saga.handle(.closeFailed(WalletError(.storage, "disk full"))).outcome
        #expect(outcome?.name == "open")
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
        #expect((outcome?.error?.underlying as? WalletError)?.code == .storage)
    }

    @Test("a definite refusal whose close fails is pending: the operation is still journaled")
    func definiteRefusalCloseFails() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(.quoteNotPaid)))
        #expect(saga.handle(.closeFailed(WalletError(.storage, "disk full"))).outcome?.error?.code == .pending)
    }

    @Test("a settlement that fails after a refusal is pending (refused-write rule)")
    func settleFailureAfterRefusal() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(.quoteAlreadyIssued)))
        let signatures = F.signatures(for: saga.journal.outputs)
        _ = saga.handle(.restored(Dictionary(uniqueKeysWithValues: signatures.enumerated().map { ($0, $1) })))
        let broken = WalletError(.crypto, "cannot hash", operationID: F.operationID)
        let outcome = saga.handle(.settleFailed(broken)).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.mintError?.known == .quoteAlreadyIssued)
    }

    @Test("a restore cancelled after a refusal is pending, never 'cancelled' for a journaled mint")
    func cancelledRestoreAfterRefusal() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(nil)))
        #expect(saga.handle(.restoreFailed(F.failure(.cancelled))).outcome?.error?.code == .pending)
    }

    @Test("a failed close while checking a refusal is pending (refused-write rule)")
    func closeFailureAfterRefusalIsPending() {
        var saga = saga()
        _ = saga.handle(.requestFailed(F.refusal(nil)))
        _ = saga.handle(.restored([:]))
        let outcome = saga.handle(.closeFailed(WalletError(.storage, "disk full"))).outcome
        #expect(outcome?.error?.code == .pending)
    }

    // MARK: NUT-20: the legacy signature, once

    private func lockedSaga(firstAttempt: Bool = true) -> MintSaga {
        MintSaga(operationID: F.operationID, journal: F.mintJournal(locked: true), firstAttempt: firstAttempt)
    }

    @Test(
        "a refused hardened signature (20008) is re-journaled with the legacy one, then sent", arguments: [true, false])
    func refusedSignatureFallsBackToLegacy(_ first: Bool) {
        var saga = lockedSaga(firstAttempt: first)
        let hardened = saga.journal.request.signature
        let refusal = F.refusal(.mintSignatureInvalid, endpoint: "POST /v1/mint/bolt11")
        guard case .rewrite(let journal) = saga.handle(.requestFailed(refusal)) else {
            Issue.record("expected rewrite")
            return
        }
        #expect(journal.request.signature == String(repeating: "cd", count: 64))
        #expect(journal.request.signature != hardened)
        #expect(journal.legacySignature == nil)
        #expect(journal.request.outputs == saga.journal.request.outputs)
        guard case .send(let request) = saga.handle(.rewritten) else {
            Issue.record("expected send")
            return
        }
        #expect(request == journal.request)
    }

    @Test("the legacy signature refused too is a definite refusal: the fallback happens once")
    func legacyRefusedClosesAsFailed() {
        var saga = lockedSaga()
        let refusal = F.refusal(.mintSignatureInvalid, endpoint: "POST /v1/mint/bolt11")
        _ = saga.handle(.requestFailed(refusal))
        _ = saga.handle(.rewritten)
        #expect(saga.handle(.requestFailed(refusal)).name == "closeFailed")
        let outcome = saga.handle(.closed).outcome
        #expect(outcome?.name == "failed")
        #expect(outcome?.error?.mintError?.known == .mintSignatureInvalid)
    }

    @Test("an unlocked quote's 20008 is an ordinary definite refusal")
    func unlockedQuoteHasNoFallback() {
        var saga = saga()
        let refusal = F.refusal(.mintSignatureInvalid, endpoint: "POST /v1/mint/bolt11")
        #expect(saga.handle(.requestFailed(refusal)).name == "closeFailed")
    }

    @Test("a rewrite that cannot be stored leaves it pending with its id: nothing left with the new signature")
    func rewriteFailureIsPending() {
        var saga = lockedSaga()
        _ = saga.handle(.requestFailed(F.refusal(.mintSignatureInvalid, endpoint: "POST /v1/mint/bolt11")))
        let outcome = saga.handle(.rewriteFailed(WalletError(.storage, "disk full"))).outcome
        #expect(outcome?.error?.code == .pending)
        #expect(outcome?.error?.operationID == F.operationID)
    }
}
