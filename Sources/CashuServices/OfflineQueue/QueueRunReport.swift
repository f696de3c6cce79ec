// Offline queue: what one pass over the queue did.

import CoreCashu

/// The result of `OfflineQueue.runPending(mint:)`; front ends read its ``entries``.
package struct QueueRunReport: Sendable {
    /// Entries that finished with a success in this pass.
    package var completed: [QueuedEntry] = []
    /// Entries that finished with a definite failure in this pass.
    package var failed: [QueuedEntry] = []
    /// Entries still queued (their mint unreachable, an outcome still open, or behind one of those).
    package var stillQueued: [QueuedEntry] = []
    /// Entries another process is running right now.
    package var runningElsewhere: [QueuedEntry] = []

    package init() {}

    /// The entries done (state `.done`), then those refused (`.failed`), then those still queued (`.queued`, or
    /// `.running` when an attempt's outcome could not be recorded), each in the order the pass met them.
    package var entries: [QueuedEntry] { completed + failed + stillQueued }
}
