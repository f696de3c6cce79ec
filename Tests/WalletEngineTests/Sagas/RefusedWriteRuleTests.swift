// Engine tests: the refused-write rule — "refused" only once the operation is closed.

@testable import CashuEngine
import Testing

@Suite("RefusedWriteRule")
struct RefusedWriteRuleTests {
    typealias F = SagaFixtures
    let refusal = SagaFixtures.refusal(.quoteExpired)

    private func report(_ outcome: SagaOutcome<Int>) -> SagaOutcome<Int> {
        RefusedWriteRule.report(outcome, refusal: refusal, operation: F.operationID)
    }

    @Test("a settled outcome passes unchanged")
    func settledPasses() {
        #expect(report(.settled(1)).name == "settled")
    }

    @Test("an in-flight outcome passes unchanged")
    func inFlightPasses() {
        #expect(report(.inFlight(1)).name == "inFlight")
    }

    @Test("a closed (failed) outcome passes unchanged: then it really was refused")
    func failedPasses() {
        let outcome = report(.failed(WalletError(.alreadySpent, "spent elsewhere")))
        #expect(outcome.name == "failed")
        #expect(outcome.error?.code == .alreadySpent)
    }

    @Test("an open pending outcome passes unchanged")
    func pendingPasses() {
        let outcome = report(.open(WalletError(.pending, "inputs pending", operationID: F.operationID)))
        #expect(outcome.error?.reason == "inputs pending")
    }

    @Test("an open invalid-answer outcome passes unchanged (ambiguous by definition)")
    func invalidMintResponsePasses() {
        let outcome = report(.open(WalletError(.invalidMintResponse, "partial restore", operationID: F.operationID)))
        #expect(outcome.error?.code == .invalidMintResponse)
    }

    @Test(
        "any other open outcome becomes pending with the operation's id",
        arguments: [
            WalletError.Code.mintRefused, .mintUnreachable, .cancelled, .storage, .crypto, .alreadySpent,
        ])
    func otherOpenBecomesPending(_ code: WalletError.Code) {
        let outcome = report(.open(WalletError(code, "the check failed")))
        #expect(outcome.name == "open")
        #expect(outcome.error?.code == .pending)
        #expect(outcome.error?.operationID == F.operationID)
    }

    @Test("without a refusal being checked, every outcome stands, an open one included")
    func noRefusalStands() {
        let open = RefusedWriteRule.report(
            SagaOutcome<Int>.open(WalletError(.storage, "disk full")), refusal: nil, operation: F.operationID)
        #expect(open.error?.code == .storage)
    }

    @Test("the check's own mint error is kept over the refusal's")
    func checkMintErrorWins() {
        let check = WalletError(.mintRefused, "checkstate refused", mintError: MintError(code: 0, detail: "busy"))
        #expect(report(.open(check)).error?.mintError?.code == 0)
    }

    @Test("without a mint error of its own, the refusal's is kept")
    func refusalMintErrorKept() {
        #expect(report(.open(WalletError(.mintUnreachable, "down"))).error?.mintError?.known == .quoteExpired)
    }
}
