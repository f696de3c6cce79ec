// Engine tests: the melt saga as a state machine — every event in every state, and what it answers.

@testable import CashuEngine
import Testing

@Suite("MeltSaga table")
struct MeltSagaTableTests {
    typealias F = SagaFixtures

    /// Each case of ``MeltSaga/State``, by name.
    enum StateName: String, CaseIterable, Sendable {
        case sending, fetchingQuote, checkingInputs, restoringChange, settling, markingPending, closing, finished
    }

    /// Each case of ``MeltSaga/Event``, by name.
    enum EventName: String, CaseIterable, Sendable {
        case answered, requestFailed, quoteState, quoteStateFailed, inputStates, inputStatesFailed, restored
        case restoreFailed, settled, settleFailed, markedPending, closed, writeFailed
    }

    /// What the events that fit each state answer (the same actions as before the states were explicit); every other
    /// event in that state answers `mismatch`.
    static let fitting: [StateName: [EventName: String]] = [
        .sending: [.answered: "settlePaid", .requestFailed: "fetchQuoteState"],
        .fetchingQuote: [.quoteState: "markPending", .quoteStateFailed: "open"],
        .checkingInputs: [.inputStates: "close", .inputStatesFailed: "open"],
        .restoringChange: [.restored: "settlePaid", .restoreFailed: "open"],
        .settling: [.settled: "settled", .settleFailed: "open"],
        .markingPending: [.markedPending: "inFlight", .writeFailed: "open"],
        .closing: [.closed: "failed", .writeFailed: "open"],
        .finished: [:],
    ]

    private let journal = F.meltJournal()

    private func saga() -> MeltSaga { MeltSaga(operationID: F.operationID, journal: journal, firstAttempt: true) }

    /// One value of each event: the one that, where it fits, takes the path the table names.
    private func event(_ name: EventName) -> MeltSaga.Event {
        switch name {
        case .answered: return .answered(F.meltAnswer(.paid, change: [], preimage: "ab"))
        case .requestFailed: return .requestFailed(F.refusal(.quoteExpired, endpoint: "POST /v1/melt/bolt11"))
        case .quoteState: return .quoteState(F.meltAnswer(.pending))
        case .quoteStateFailed: return .quoteStateFailed(F.failure(.unreachable))
        case .inputStates: return .inputStates(F.states(journal.inputs, .unspent))
        case .inputStatesFailed: return .inputStatesFailed(F.failure(.unreachable))
        case .restored: return .restored([:])
        case .restoreFailed: return .restoreFailed(F.failure(.unreachable))
        case .settled:
            return .settled(
                MeltResult(
                    operationID: F.operationID, state: .paid, amount: 9, fee: 1, change: 2, paymentPreimage: "ab"))
        case .settleFailed: return .settleFailed(WalletError(.storage, "disk full", operationID: F.operationID))
        case .markedPending: return .markedPending
        case .closed: return .closed
        case .writeFailed: return .writeFailed(WalletError(.storage, "disk full"))
        }
    }

    /// A saga in `state`, reached from ``MeltSaga/start()`` by the events a driver feeds on the way there.
    private func saga(in state: StateName) -> MeltSaga {
        var saga = saga()
        _ = saga.start()
        let path: [MeltSaga.Event] =
            switch state {
            case .sending: []
            case .fetchingQuote: [event(.requestFailed)]
            case .checkingInputs: [event(.requestFailed), .quoteState(F.meltAnswer(.unpaid))]
            case .restoringChange: [.answered(F.meltAnswer(.paid, preimage: "ab"))]
            case .settling: [event(.answered)]
            case .markingPending: [.answered(F.meltAnswer(.pending))]
            case .closing: [.requestFailed(F.failure(.unreachable))]
            case .finished: [.answered(F.meltAnswer(.pending)), .markedPending]
            }
        for event in path { _ = saga.handle(event) }
        return saga
    }

    @Test("each state is reached by a real sequence of events", arguments: StateName.allCases)
    func statesAreReached(_ state: StateName) {
        #expect(F.caseName(saga(in: state).state) == state.rawValue)
    }

    @Test(
        "every event in every state: the fitting ones as before, any other a mismatch that leaves it open",
        arguments: StateName.allCases, EventName.allCases)
    func everyEventInEveryState(_ state: StateName, _ name: EventName) {
        var saga = saga(in: state)
        let value = event(name)
        #expect(F.caseName(value) == name.rawValue)
        let action = saga.handle(value)
        let expected = Self.fitting[state]?[name] ?? "mismatch"
        #expect(action.answer == expected)
        guard expected == "mismatch" else { return }
        F.expectMismatch(action.outcome, saga: "melt", event: name.rawValue, state: state.rawValue)
        // The saga ended there: whatever comes next is a mismatch too, never a close.
        #expect(F.caseName(saga.state) == "finished")
        F.expectMismatch(saga.handle(value).outcome, saga: "melt", event: name.rawValue, state: "finished")
    }

    @Test("resolving waits for the quote's state: an answer to a request it never sent is a mismatch, not a payment")
    func resolvedSagaRefusesAnAnswer() {
        var saga = saga()
        _ = saga.resolve()
        #expect(F.caseName(saga.state) == "fetchingQuote")
        #expect(saga.refusal == nil)
        let outcome = saga.handle(event(.answered)).outcome
        F.expectMismatch(outcome, saga: "melt", event: "answered", state: "fetchingQuote")
    }

    @Test("NUT-07 states before any quote was read never close the melt", arguments: [true, false])
    func inputStatesBeforeTheQuote(_ resolving: Bool) {
        var saga = saga()
        if resolving { _ = saga.resolve() }
        let action = saga.handle(event(.inputStates))
        if case .close = action { Issue.record("the inputs were released") }
        F.expectMismatch(
            action.outcome, saga: "melt", event: "inputStates", state: resolving ? "fetchingQuote" : "sending")
    }
}
