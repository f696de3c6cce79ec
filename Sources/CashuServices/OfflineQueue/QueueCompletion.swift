// Offline queue: the news that a queued operation finished, as the queue publishes it.

import CoreCashu

/// A queued operation that reached a definite end.
package struct QueueCompletion: Sendable {
    /// How it ended.
    package enum Outcome: Sendable {
        /// It was done.
        case completed(QueuedOperationResult)
        /// It was refused for good (the entry keeps its request until removed, so a refused token is not lost).
        case failed(WalletError)
    }

    /// The entry, as it now stands.
    package var entry: QueuedEntry
    /// How it ended.
    package var outcome: Outcome
}
