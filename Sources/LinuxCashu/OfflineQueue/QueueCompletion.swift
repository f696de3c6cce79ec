// Offline queue: the news that a queued operation finished, as the queue publishes it.

import CoreCashu

/// A queued operation that reached a definite end.
public struct QueueCompletion: Sendable {
    /// How it ended.
    public enum Outcome: Sendable {
        /// It was done.
        case completed(QueuedOperationResult)
        /// It was refused for good (the entry keeps its request until removed, so a refused token is not lost).
        case failed(WalletError)
    }

    /// The entry, as it now stands.
    public var entry: QueuedEntry
    /// How it ended.
    public var outcome: Outcome
}
