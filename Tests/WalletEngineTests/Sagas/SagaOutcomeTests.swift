// Engine tests: a saga's outcome as the public API sees it.

@testable import CashuEngine
import Testing

@Suite("SagaOutcome")
struct SagaOutcomeTests {
    @Test("settled and in-flight outcomes give their value")
    func valuesReturn() throws {
        #expect(try SagaOutcome<Int>.settled(1).get() == 1)
        #expect(try SagaOutcome<Int>.inFlight(2).get() == 2)
    }

    @Test("failed and open outcomes throw their error")
    func errorsThrow() {
        #expect(throws: WalletError.self) { try SagaOutcome<Int>.failed(WalletError(.mintRefused, "no")).get() }
        #expect(throws: WalletError.self) { try SagaOutcome<Int>.open(WalletError(.pending, "later")).get() }
    }
}
