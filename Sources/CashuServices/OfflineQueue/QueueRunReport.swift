// Offline queue: what one pass over the queue did.

import CoreCashu

/// The result of `OfflineQueue.runPending(mint:)`.
public struct QueueRunReport: Sendable {
    /// Entries that finished with a success in this pass.
    public var completed: [QueuedEntry] = []
    /// Entries that finished with a definite failure in this pass.
    public var failed: [QueuedEntry] = []
    /// Entries still queued (their mint unreachable, an outcome still open, or behind one of those).
    public var stillQueued: [QueuedEntry] = []
    /// Entries another process is running right now.
    package var runningElsewhere: [QueuedEntry] = []

    package init() {}
}
