// Engine tests: values the saga tests build journals and mint answers from (no mint, network or files).

@testable import CashuEngine
import Foundation
import Testing

/// Journals, answers and failures for driving sagas by hand.
enum SagaFixtures {
    static let keysetID: KeysetID = {
        do { return try KeysetID(hex: "00ad268c4d1f5826") } catch { preconditionFailure("fixture keyset id") }
    }()
    static let operationID = OperationID(rawValue: "op-under-test")

    /// Outputs with random secrets and blinding factors.
    static func outputs(_ amounts: [UInt64]) -> [PlannedOutput] {
        let secrets = amounts.map { _ in UUID().uuidString }
        do { return try OutputFactory.withSecrets(secrets, amounts: amounts, keysetID: keysetID) } catch {
            preconditionFailure("fixture outputs")
        }
    }

    /// Signatures shaped like answers to `outputs` (not valid against any key: sagas do not verify, the wallet does).
    static func signatures(for outputs: [PlannedOutput]) -> [BlindSignature] {
        outputs.map { BlindSignature(amount: $0.amount, id: $0.keysetID, C_: $0.B_) }
    }

    /// Proofs the wallet holds, with random secrets.
    static func proofs(_ amounts: [UInt64]) -> [Proof] {
        amounts.map { amount in
            Proof(
                amount: amount, id: keysetID, secret: UUID().uuidString,
                C: Point(generatorMultipliedBy: Scalar.random()))
        }
    }

    static func Y(_ proof: Proof) -> CompressedPoint {
        do { return CompressedPoint(try HashToCurve.point(secret: proof.secret)) } catch {
            preconditionFailure("fixture Y")
        }
    }

    static func mintJournal(amounts: [UInt64] = [1, 2, 4], locked: Bool = false) -> MintJournal {
        let outputs = outputs(amounts)
        var request = MintRequest(quote: "quote-1", outputs: outputs.map(\.blindedMessage))
        var legacy: String?
        if locked {
            request.signature = String(repeating: "ab", count: 64)
            legacy = String(repeating: "cd", count: 64)
        }
        return MintJournal(quoteID: "quote-1", outputs: outputs, request: request, legacySignature: legacy)
    }

    /// A swap of the wallet's own `inputs` (none: a received token's proofs, which are then `tokenInputs`).
    static func swapJournal(
        purpose: SwapJournal.Purpose = .swap, own: [Proof] = proofs([4, 4]), tokenInputs: [Proof] = [],
        outputs: [PlannedOutput] = outputs([1, 2, 4]), sendIndices: [Int] = []
    ) -> SwapJournal {
        let inputs = own + tokenInputs
        return SwapJournal(
            purpose: purpose, request: SwapRequest(inputs: inputs, outputs: outputs.map(\.blindedMessage)),
            ownInputs: own.map(Y), outputs: outputs, sendIndices: sendIndices, amount: 7, fee: 1, memo: nil,
            reclaimedOperation: purpose == .reclaim ? OperationID(rawValue: "the-send") : nil)
    }

    static func meltJournal(inputs: [Proof] = proofs([8, 4]), blanks: Int = 2) -> MeltJournal {
        let blankOutputs = outputs(Array(repeating: 1, count: blanks))
        return MeltJournal(
            quoteID: "melt-quote-1",
            request: MeltRequest(
                quote: "melt-quote-1", inputs: inputs, outputs: blanks == 0 ? nil : blankOutputs.map(\.blindedMessage)),
            inputs: inputs.map(Y), blankOutputs: blankOutputs, amount: 9, feeReserve: 2, inputFee: 0, inputTotal: 12)
    }

    static func meltAnswer(
        _ state: MeltQuoteState, change: [BlindSignature]? = nil, preimage: String? = nil
    ) -> MeltQuoteResponse {
        MeltQuoteResponse(
            quote: "melt-quote-1", amount: 9, feeReserve: 2, state: state, paymentPreimage: preimage, change: change)
    }

    static func refusal(_ code: MintError.KnownCode?, endpoint: String = "POST /v1/swap") -> MintClientError {
        MintClientError(
            .mintRefused, endpoint: endpoint, "refused",
            mintError: MintError(code: code?.rawValue ?? 0, detail: "refused by the fixture"), httpStatus: 400)
    }

    static func failure(_ code: MintClientError.Code, endpoint: String = "POST /v1/swap") -> MintClientError {
        MintClientError(code, endpoint: endpoint, "fixture \(code)")
    }

    static func states(_ Ys: [CompressedPoint], _ state: ProofState.State) -> [CompressedPoint: ProofState.State] {
        Dictionary(uniqueKeysWithValues: Ys.map { ($0, state) })
    }

    static let mintResult = MintResult(operationID: operationID, amount: 7, proofCount: 3, mint: mintURL, unit: .sat)
    static let mintURL: MintURL = {
        do { return try MintURL("https://mint.example") } catch { preconditionFailure("fixture url") }
    }()
}

extension SagaOutcome {
    /// The case's name, for expectations.
    var name: String {
        switch self {
        case .settled: "settled"
        case .inFlight: "inFlight"
        case .failed: "failed"
        case .open: "open"
        }
    }

    /// The error of a failed or open outcome.
    var error: WalletError? {
        switch self {
        case .settled, .inFlight: nil
        case .failed(let error), .open(let error): error
        }
    }
}

extension MintSaga.Action {
    var name: String {
        switch self {
        case .send: "send"
        case .sendBatch: "sendBatch"
        case .rewrite: "rewrite"
        case .restore: "restore"
        case .settle: "settle"
        case .closeFailed: "closeFailed"
        case .finish: "finish"
        }
    }

    var outcome: SagaOutcome<MintResult>? { if case .finish(let outcome) = self { outcome } else { nil } }
}

extension SwapSaga.Action {
    var name: String {
        switch self {
        case .send: "send"
        case .checkInputs: "checkInputs"
        case .restore: "restore"
        case .settle: "settle"
        case .close: "close"
        case .finish: "finish"
        }
    }

    var outcome: SagaOutcome<SwapOutcome>? { if case .finish(let outcome) = self { outcome } else { nil } }
}

extension MeltSaga.Action {
    var name: String {
        switch self {
        case .send: "send"
        case .fetchQuoteState: "fetchQuoteState"
        case .checkInputs: "checkInputs"
        case .restoreChange: "restoreChange"
        case .settlePaid: "settlePaid"
        case .markPending: "markPending"
        case .close: "close"
        case .finish: "finish"
        }
    }

    var outcome: SagaOutcome<MeltResult>? { if case .finish(let outcome) = self { outcome } else { nil } }
}

// MARK: Table tests: what a saga answers, in one word

extension SagaOutcome {
    /// `mismatch` for an event the saga's state did not wait for (``SagaEventMismatch``), else the case's name.
    var answer: String { mismatch == nil ? name : "mismatch" }
}

extension SagaFixtures {
    /// The name of a saga state's (or event's) case, without its payload.
    static func caseName(_ value: some Sendable) -> String { SagaEventMismatch.caseName(value) }

    /// Checks that `outcome` reports `event` arriving in `state` as a mismatch: the operation open and `pending` with
    /// its id (nothing released, nothing closed as failed), the mismatch underneath naming the saga, event and state.
    static func expectMismatch<Value>(
        _ outcome: SagaOutcome<Value>?, saga: String, event: String, state: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(outcome?.name == "open", sourceLocation: sourceLocation)
        #expect(outcome?.error?.code == .pending, sourceLocation: sourceLocation)
        #expect(outcome?.error?.operationID == operationID, sourceLocation: sourceLocation)
        let mismatch = outcome?.mismatch
        #expect(mismatch?.code == .eventDoesNotFit, sourceLocation: sourceLocation)
        #expect(mismatch?.saga == saga, sourceLocation: sourceLocation)
        #expect(mismatch?.event == event, sourceLocation: sourceLocation)
        #expect(mismatch?.state == state, sourceLocation: sourceLocation)
    }
}

extension MintSaga.Action {
    /// The action's name, or for a finish the outcome's answer (``SagaOutcome/answer``).
    var answer: String { outcome?.answer ?? name }
}

extension SwapSaga.Action {
    /// The action's name, or for a finish the outcome's answer (``SagaOutcome/answer``).
    var answer: String { outcome?.answer ?? name }
}

extension MeltSaga.Action {
    /// The action's name, or for a finish the outcome's answer (``SagaOutcome/answer``).
    var answer: String { outcome?.answer ?? name }
}
