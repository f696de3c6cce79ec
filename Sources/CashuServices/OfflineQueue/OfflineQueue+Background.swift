// Offline queue: the background side — pending entries run when the monitor reports their mint reachable again,
// and on a steady retry interval whatever it says.

import CoreCashu
import Foundation

extension OfflineQueue {
    /// Starts the background runs: the entries left from before (after a restart) at once, each mint's entries when
    /// the monitor reports it reachable, and all pending entries every `retryInterval`. Idempotent.
    package func start() async {
        // Set before any suspension, so two overlapping calls cannot both start a task.
        guard background == nil else { return }
        let interval = retryInterval
        let monitor = self.monitor
        background = Task { [weak self] in
            var updates: AsyncStream<ReachabilityUpdate>?
            if let monitor {
                let pending = ((try? await self?.entries()) ?? nil) ?? []
                for mint in Set(pending.map(\.mintURL)) { await monitor.watch(mint) }
                updates = await monitor.updates()
            }
            await self?.runPending()
            await withTaskGroup(of: Void.self) { group in
                if let updates {
                    group.addTask {
                        for await update in updates where update.state.isReachable {
                            await self?.mintReachable(update.mint)
                        }
                    }
                }
                group.addTask {
                    while !Task.isCancelled {
                        do { try await Task.sleep(for: interval) } catch { return }
                        await self?.retryPending()
                    }
                }
            }
        }
    }

    /// Stops the background runs (waiting for the background task and a pass under way) and finishes every
    /// completion stream.
    package func stop() async {
        let task = background
        task?.cancel()
        background = nil
        await task?.value
        _ = await lastPass?.value
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    private func mintReachable(_ mint: MintURL) async {
        let pending = try? await store.read { tx in
            try tx.queuedOperations(states: [.queued, .running], mintURL: mint)
        }
        guard let pending, !pending.isEmpty else { return }
        await runPending(mint: mint)
    }

    private func retryPending() async {
        guard let pending = try? await entries(), !pending.isEmpty else { return }
        await runPending()
    }
}
