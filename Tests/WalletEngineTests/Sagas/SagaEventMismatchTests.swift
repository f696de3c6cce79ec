// Tests of Sources/CashuEngine/Wallet/Sagas/SagaEventMismatch.swift: a mismatch names cases, never payloads.

@testable import CashuEngine
import Testing

@Suite("Saga event mismatch")
struct SagaEventMismatchTests {
    enum Sample: Sendable {
        case plain
        case carrying(secret: String)
    }

    @Test("a case is named without its payload")
    func namesCases() {
        #expect(SagaEventMismatch.caseName(Sample.plain) == "plain")
        #expect(SagaEventMismatch.caseName(Sample.carrying(secret: "s3cr3t")) == "carrying")
    }

    @Test("a value that is not a plain case name is never printed")
    func neverPrintsAPayload() {
        #expect(SagaEventMismatch.caseName("[\"secret\", 42]") == "unnamed")
        #expect(SagaEventMismatch.caseName(42) == "unnamed")
        let mismatch = SagaEventMismatch(saga: "swap", event: "s3cr3t proof", state: Sample.carrying(secret: "s3cr3t"))
        #expect(!mismatch.reason.contains("s3cr3t"))
        #expect(mismatch.reason == "the swap saga got unnamed while in state carrying")
    }
}
