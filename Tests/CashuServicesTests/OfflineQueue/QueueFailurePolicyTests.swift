// Tests of OfflineQueue/QueueFailurePolicy.swift: only definite answers fail an entry.

import CoreCashu
import Testing

@testable import CashuServices

@Suite("Queue failure policy")
struct QueueFailurePolicyTests {
    static let retried: [WalletError.Code] = [
        .mintUnreachable, .pending, .invalidMintResponse, .storage, .secureStore, .cancelled,
    ]
    static let definite: [WalletError.Code] = [
        .invalidInput, .unknownMint, .unsupported, .insufficientFunds, .keysetMismatch, .alreadySpent,
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

    @Test("A refusal with a code the wallet knows fails the entry; one without (rate limit, 5xx, code 0) retries")
    func refusals() {
        let known = WalletError(.mintRefused, "x", mintError: MintError(code: 11006, detail: "amount outside limits"))
        guard case .failed = QueueFailurePolicy.outcome(for: known) else {
            Issue.record("a known refusal does not fail")
            return
        }
        for mintError in [nil, MintError(code: 0, detail: "internal"), MintError(code: 99_999, detail: "?")] {
            let vague = WalletError(.mintRefused, "x", mintError: mintError)
            guard case .deferred = QueueFailurePolicy.outcome(for: vague) else {
                Issue.record("\(String(describing: mintError)) is not retried")
                continue
            }
        }
    }
}
