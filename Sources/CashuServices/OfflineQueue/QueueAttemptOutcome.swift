// Offline queue: what one attempt at a queued operation came to, as the queue records it.

import CoreCashu

/// The outcome of one attempt.
enum QueueAttemptOutcome: Sendable {
    /// Definitely done.
    case completed(QueuedOperationResult)
    /// Definitely refused: the entry fails (the mint refused, the token is invalid or spent by someone else).
    case failed(WalletError)
    /// Nothing happened (the mint could not be reached before anything was sent): try again later.
    case deferred(WalletError)
    /// The wallet journaled an operation whose outcome is not known yet: its recovery resolves it, and the entry
    /// waits for that instead of running again.
    case waiting(OperationID, WalletError)
}
