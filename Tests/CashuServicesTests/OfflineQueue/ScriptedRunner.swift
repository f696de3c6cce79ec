// Test support: a queue runner whose outcomes the test scripts per entry, recording every attempt.

import CoreCashu
import Foundation

@testable import CashuServices

/// Runs nothing: answers each attempt with the next scripted outcome for the entry (completed when none is left).
final class ScriptedRunner: QueuedOperationRunner {
    struct Attempt: Sendable {
        var entry: QueuedOperation
        var request: QueuedRequest
        var interruptedAt: Date?
    }

    private struct State {
        var outcomes: [OperationID: [QueueAttemptOutcome]] = [:]
        var attempts: [Attempt] = []
        var recoveries = 0
        var saves: [OperationID: QueuedRequest] = [:]
        var delay: Duration = .zero
        var fallback: QueueAttemptOutcome?
    }

    private let state = Locked(State())
    let attributedOperations: @Sendable (MintURL) async -> Set<OperationID> = { _ in [] }

    func script(_ id: OperationID, _ outcomes: QueueAttemptOutcome...) {
        state.withLock { $0.outcomes[id, default: []] += outcomes }
    }

    /// The request an attempt of `id` saves before answering.
    func save(_ id: OperationID, _ request: QueuedRequest) {
        state.withLock { $0.saves[id] = request }
    }

    /// The outcome of attempts nothing was scripted for (completed when nil).
    func setFallback(_ outcome: QueueAttemptOutcome?) {
        state.withLock { $0.fallback = outcome }
    }

    func setDelay(_ delay: Duration) {
        state.withLock { $0.delay = delay }
    }

    var attempts: [Attempt] { state.withLock { $0.attempts } }
    var recoveries: Int { state.withLock { $0.recoveries } }

    func attempts(of id: OperationID) -> [Attempt] { attempts.filter { $0.entry.id == id } }

    func recover() async {
        state.withLock { $0.recoveries += 1 }
    }

    func attempt(
        _ entry: QueuedOperation,
        request: QueuedRequest,
        interruptedAt: Date?,
        save: @Sendable (QueuedRequest) async throws(WalletError) -> Void
    ) async -> QueueAttemptOutcome {
        let (delay, toSave) = state.withLock { state in
            state.attempts.append(Attempt(entry: entry, request: request, interruptedAt: interruptedAt))
            return (state.delay, state.saves.removeValue(forKey: entry.id))
        }
        if let toSave {
            do { try await save(toSave) } catch { return .deferred(error) }
        }
        if delay > .zero { try? await Task.sleep(for: delay) }
        return state.withLock { state in
            guard var queue = state.outcomes[entry.id], !queue.isEmpty else {
                return state.fallback ?? .completed(QueuedOperationResult(amount: 1, fee: 0, operationIDs: [.random()]))
            }
            let next = queue.removeFirst()
            state.outcomes[entry.id] = queue
            return next
        }
    }
}
