// Engine tests: the swap saga as a state machine — every event in every state, and what it answers.

@testable import CashuEngine
import Testing

@Suite("SwapSaga table")
struct SwapSagaTableTests {
    typealias F = SagaFixtures

    /// Each case of ``SwapSaga/State``, by name.
    enum StateName: String, CaseIterable, Sendable {
        case sent, checkingInputs, restoring, settling, closing, finished
    }

    /// Each case of ``SwapSaga/Event``, by name.
    enum EventName: String, CaseIterable, Sendable {
        case answered, requestFailed, inputStates, inputStatesFailed, restored, restoreFailed, settled, settleFailed
        case closed, closeFailed
    }

    /// What the events that fit each state answer (the same actions as before the states were explicit); every other
    /// event in that state answers `mismatch`.
    static let fitting: [StateName: [EventName: String]] = [
        .sent: [.answered: "settle", .requestFailed: "checkInputs"],
        .checkingInputs: [.inputStates: "close", .inputStatesFailed: "open"],
        .restoring: [.restored: "settle", .restoreFailed: "open"],
        .settling: [.settled: "settled", .settleFailed: "open"],
        .closing: [.closed: "failed", .closeFailed: "open"],
        .finished: [:],
    ]

    private let journal = F.swapJournal()

    private func saga() -> SwapSaga {
        SwapSaga(operationID: F.operationID, kind: .swap, journal: journal, firstAttempt: true)
    }

    /// Every input's `Y` (the wallet's own: the fixture swaps no token).
    private var inputYs: [CompressedPoint] { journal.request.inputs.map(F.Y) }

    /// One value of each event: the one that, where it fits, takes the path the table names.
    private func event(_ name: EventName) -> SwapSaga.Event {
        let signatures = F.signatures(for: journal.outputs)
        switch name {
        case .answered: return .answered(signatures)
        case .requestFailed: return .requestFailed(F.refusal(.transactionNotBalanced))
        case .inputStates: return .inputStates(F.states(inputYs, .unspent))
        case .inputStatesFailed: return .inputStatesFailed(F.failure(.unreachable))
        case .restored: return .restored(Dictionary(uniqueKeysWithValues: signatures.enumerated().map { ($0, $1) }))
        case .restoreFailed: return .restoreFailed(F.failure(.unreachable))
        case .settled:
            let outcome = SwapOutcome(operationID: F.operationID, sent: [], kept: [], fee: journal.fee)
            return .settled(SwapSettlement(outcome: outcome, closedHere: true, stillSent: 0))
        case .settleFailed: return .settleFailed(WalletError(.storage, "disk full", operationID: F.operationID))
        case .closed: return .closed
        case .closeFailed: return .closeFailed(WalletError(.storage, "disk full"))
        }
    }

    /// A saga in `state`, reached from ``SwapSaga/start()`` by the events a driver feeds on the way there.
    private func saga(in state: StateName) -> SwapSaga {
        var saga = saga()
        _ = saga.start()
        let path: [SwapSaga.Event] =
            switch state {
            case .sent: []
            case .checkingInputs: [event(.requestFailed)]
            case .restoring: [event(.requestFailed), .inputStates(F.states(inputYs, .spent))]
            case .settling: [event(.answered)]
            case .closing: [.requestFailed(F.failure(.unreachable))]
            case .finished: [event(.answered), event(.settled)]
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
        F.expectMismatch(action.outcome, saga: "swap", event: name.rawValue, state: state.rawValue)
        // The saga ended there: whatever comes next is a mismatch too, never a release.
        #expect(F.caseName(saga.state) == "finished")
        F.expectMismatch(saga.handle(value).outcome, saga: "swap", event: name.rawValue, state: "finished")
    }

    @Test(
        "regression: NUT-07 states before any refusal (no inputs known yet) never release the inputs",
        arguments: [[:], F.states(F.swapJournal().request.inputs.map(F.Y), .unspent)])
    func inputStatesBeforeRefusal(_ states: [CompressedPoint: ProofState.State]) {
        var saga = saga()
        _ = saga.start()
        let action = saga.handle(.inputStates(states))
        if case .close = action { Issue.record("the inputs were released: \(action.name)") }
        F.expectMismatch(action.outcome, saga: "swap", event: "inputStates", state: "sent")
    }

    @Test("regression: unspent NUT-07 states after the swap settled never release its inputs")
    func inputStatesAfterSettling() {
        var saga = saga(in: .settling)
        let action = saga.handle(event(.inputStates))
        if case .close = action { Issue.record("the inputs were released") }
        F.expectMismatch(action.outcome, saga: "swap", event: "inputStates", state: "settling")
    }
}
