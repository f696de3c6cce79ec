// Offline queue: the answer of "run now or queue" — done at once, or queued durably until the mint is back.

/// What ``OfflineQueue/receiveOrQueue(_:addUnknownMint:)`` and its siblings did.
public enum QueueDecision: Sendable {
    /// The mint was reachable and the operation finished.
    case done(QueuedOperationResult)
    /// The mint could not be reached (or the outcome is not known yet): the operation is stored in the wallet and
    /// runs, exactly once, when the mint is back (or on `OfflineQueue.runPending(mint:)`).
    case queued(QueuedEntry)
}
