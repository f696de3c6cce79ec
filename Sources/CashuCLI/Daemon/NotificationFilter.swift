// CLI daemon: which wallet events become desktop notifications at all — a failed payment only once it had been in
// flight (a queued payment retried at a mint that is down fails quietly until the queue gives up), a login notice at
// most once in a while per mint.

import CoreCashu
import Synchronization

/// Decides, event by event, whether the service says anything.
final class NotificationFilter: Sendable {
    private struct State {
        var inFlight: Set<OperationID> = []
        var loginTold: [MintURL: ContinuousClock.Instant] = [:]
    }

    private let loginInterval: Duration
    private let clock = ContinuousClock()
    private let state = Mutex(State())

    /// - Parameter loginInterval: how long a mint's login notice stays quiet after it was said.
    init(loginInterval: Duration = .seconds(600)) {
        self.loginInterval = loginInterval
    }

    /// Whether `event` may be told (and notes what later events need: the payments in flight).
    func admits(_ event: WalletEvent) -> Bool {
        let now = clock.now
        return state.withLock { state in
            switch event {
            case .operationPending(let op) where op.kind == .melt:
                if state.inFlight.count < 10_000 { state.inFlight.insert(op.id) }
                return false
            case .operationSettled(let op) where op.kind == .melt:
                state.inFlight.remove(op.id)
                return true
            case .operationFailed(let op) where op.kind == .melt:
                // Told only for a payment that was in flight: its proofs came back after all.
                return state.inFlight.remove(op.id) != nil
            case .loginNeeded(let mint):
                if let told = state.loginTold[mint], told.duration(to: now) < loginInterval { return false }
                state.loginTold[mint] = now
                return true
            default:
                return true
            }
        }
    }
}
