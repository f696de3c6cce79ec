// Tests of OfflineQueue/QueueFailurePolicy.swift: only definite answers fail an entry.

import CoreCashu
import Testing

@testable import LinuxCashu

@Suite("Queue failure policy")
struct QueueFailurePolicyTests {
    static let retried: [WalletError.Code] = [
        .mintUnreachable, .pending, .invalidMintResponse, .storage, .secureStore, .cancelled,
    ]
    static let definite: [WalletError.Code] = [
        .invalidInput, .unknownMint, .unsupported, .insufficientFunds, .mintRefused, .keysetMismatch, .alreadySpent,
        .quoteState, .crypto, WalletError.Code(rawValue: "addedLater"),
    ]

    @Test(arguments: retried)
    func nothingHappenedSoTheEntryStaysQueued(_ code: WalletError.Code) {
        guard case .deferred(let error) = QueueFailurePolicy.outcome(for: WalletError(code, "x")) else {
            Issue.record("\(code) is not deferred")
            return
        }
        #expect(error.code == code)
    }

    @Test(arguments: retried)
    func anOpenOperationIsWaitedFor(_ code: WalletError.Code) {
        let operation = OperationID.random()
        guard
            case .waiting(let waited, _) = QueueFailurePolicy.outcome(
                for: WalletError(code, "x", operationID: operation)
            )
        else {
            Issue.record("\(code) with an operation does not wait")
            return
        }
        #expect(waited == operation)
    }

    @Test(arguments: definite)
    func definiteAnswersFail(_ code: WalletError.Code) {
        guard case .failed = QueueFailurePolicy.outcome(for: WalletError(code, "x", operationID: .random())) else {
            Issue.record("\(code) does not fail")
            return
        }
    }
}
