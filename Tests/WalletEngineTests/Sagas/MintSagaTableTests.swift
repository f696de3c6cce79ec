// Engine tests: the mint saga as a state machine — every event in every state, and what it answers.

@testable import CashuEngine
import Testing

@Suite("MintSaga table")
struct MintSagaTableTests {
    typealias F = SagaFixtures

    /// Each case of ``MintSaga/State``, by name.
    enum StateName: String, CaseIterable, Sendable {
        case sent, rewriting, restoring, settling, closing, finished
    }

    /// Each case of ``MintSaga/Event``, by name.
    enum EventName: String, CaseIterable, Sendable {
        case answered, requestFailed, restored, restoreFailed, settled, settleFailed, rewritten, rewriteFailed, closed
        case closeFailed
    }

    /// What the events that fit each state answer (the same actions as before the states were explicit); every other
    /// event in that state answers `mismatch`.
    static let fitting: [StateName: [EventName: String]] = [
        .sent: [.answered: "settle", .requestFailed: "restore"],
        .rewriting: [.rewritten: "send", .rewriteFailed: "open"],
        .restoring: [.restored: "settle", .restoreFailed: "open"],
        .settling: [.settled: "settled", .settleFailed: "open"],
        .closing: [.closed: "failed", .closeFailed: "open"],
        .finished: [:],
    ]

    /// A locked quote's journal, so that the legacy-signature rewrite is reachable.
    private let journal = F.mintJournal(locked: true)

    private func saga() -> MintSaga { MintSaga(operationID: F.operationID, journal: journal, firstAttempt: true) }

    /// One value of each event: the one that, where it fits, takes the path the table names.
    private func event(_ name: EventName) -> MintSaga.Event {
        let signatures = F.signatures(for: journal.outputs)
        switch name {
        case .answered: return .answered(signatures)
        case .requestFailed: return .requestFailed(F.refusal(nil, endpoint: "POST /v1/mint/bolt11"))
        case .restored: return .restored(Dictionary(uniqueKeysWithValues: signatures.enumerated().map { ($0, $1) }))
        case .restoreFailed: return .restoreFailed(F.failure(.unreachable))
        case .settled: return .settled(F.mintResult)
        case .settleFailed: return .settleFailed(WalletError(.storage, "disk full", operationID: F.operationID))
        case .rewritten: return .rewritten
        case .rewriteFailed: return .rewriteFailed(WalletError(.storage, "disk full"))
        case .closed: return .closed
        case .closeFailed: return .closeFailed(WalletError(.storage, "disk full"))
        }
    }

    /// A saga in `state`, reached from ``MintSaga/start()`` by the events a driver feeds on the way there.
    private func saga(in state: StateName) -> MintSaga {
        var saga = saga()
        _ = saga.start()
        let path: [MintSaga.Event] =
            switch state {
            case .sent: []
            case .rewriting: [.requestFailed(F.refusal(.mintSignatureInvalid, endpoint: "POST /v1/mint/bolt11"))]
            case .restoring: [event(.requestFailed)]
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
        F.expectMismatch(action.outcome, saga: "mint", event: name.rawValue, state: state.rawValue)
        // The saga ended there: whatever comes next is a mismatch too, never a close.
        #expect(F.caseName(saga.state) == "finished")
        F.expectMismatch(saga.handle(value).outcome, saga: "mint", event: name.rawValue, state: "finished")
    }

    @Test("the journal changes only once the rewrite is stored; a failed rewrite leaves the refused one")
    func journalChangesWhenStored() {
        var saga = saga(in: .rewriting)
        #expect(saga.journal.request.signature == journal.request.signature)
        guard case .rewriting(let rewritten) = saga.state else {
            Issue.record("expected rewriting")
            return
        }
        var stored = saga
        _ = stored.handle(.rewritten)
        #expect(stored.journal.request.signature == rewritten.request.signature)
        #expect(F.caseName(stored.state) == "sent")
        _ = saga.handle(event(.rewriteFailed))
        #expect(saga.journal.request.signature == journal.request.signature)
    }
}
