// NUT-18 over Nostr — what the inbox does with a payment whose receive is in the offline queue: a pure decision.

import CoreCashu

/// The next step for a Nostr payment from the state of its queue entry.
package enum NostrSettleStep: Sendable, Hashable {
    /// Received: credit its request and mark it handled.
    case credit
    /// Refused by its mint: mark it handled (its token stays in the queue's list).
    case refused
    /// Still pending and not yet run in this pass: run the queue for its mint once, then look again.
    case runOnce
    /// Still pending after this pass's run: tried again by a later pass.
    case later

    /// Decides.
    ///
    /// - Parameters:
    ///   - state: the queue entry's state.
    ///   - mayRun: whether this pass may still run the queue for it (true once per payment and pass).
    package static func next(for state: QueuedOperation.State, mayRun: Bool) -> NostrSettleStep {
        switch state {
        case .done: return .credit
        case .failed: return .refused
        // Both pending states wait on `mayRun`: a queued entry whose mint is down is left for a later pass, not run
        // again without end.
        case .queued, .running: return mayRun ? .runOnce : .later
        }
    }
}
