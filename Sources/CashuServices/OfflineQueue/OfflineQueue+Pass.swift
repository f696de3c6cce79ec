// Offline queue: one pass over the pending entries — per mint, oldest first, each marked running under its lease
// before it runs, and finished only on a definite outcome.

import CoreCashu
import Foundation

extension OfflineQueue {
    /// How running one entry went.
    private enum Step {
        case finished(QueuedEntry, succeeded: Bool)
        case stillQueued(QueuedEntry)
        case runningElsewhere(QueuedEntry)
        /// Finished or removed by someone else since the listing.
        case gone
    }

    /// Runs the pending entries (of one mint, or of all): the one-shot pass `cashu refresh` calls. Entries whose mint
    /// the monitor reports unreachable are left queued without a try. Passes in one process run one after another.
    @discardableResult
    package func runPending(mint: MintURL? = nil) async -> QueueRunReport {
        let previous = lastPass
        let pass = Task {
            _ = await previous?.value
            return await self.pass(mint)
        }
        lastPass = pass
        return await pass.value
    }

    private func pass(_ only: MintURL?) async -> QueueRunReport {
        var report = QueueRunReport()
        recoveredThisPass = false
        let pending: [QueuedOperation]
        do {
            pending = try await store.read { tx in try tx.queuedOperations(states: [.queued, .running], mintURL: only) }
        } catch {
            logger.error("cannot read the queue", metadata: ["error": "\(error)"])
            return report
        }
        var mints: [MintURL] = []
        var byMint: [MintURL: [QueuedOperation]] = [:]
        for entry in pending {
            if byMint[entry.mintURL] == nil { mints.append(entry.mintURL) }
            byMint[entry.mintURL, default: []].append(entry)
        }
        for mint in mints {
            let entries = byMint[mint] ?? []
            if let monitor, await monitor.state(of: mint).isUnreachable {
                report.stillQueued += entries.map(QueuedEntry.init)
                continue
            }
            for (index, listed) in entries.enumerated() {
                let step = await runOne(listed)
                var blocked = true
                switch step {
                case .finished(let entry, let succeeded):
                    if succeeded { report.completed.append(entry) } else { report.failed.append(entry) }
                    blocked = false
                case .gone:
                    blocked = false
                case .stillQueued(let entry):
                    report.stillQueued.append(entry)
                case .runningElsewhere(let entry):
                    report.runningElsewhere.append(entry)
                }
                if blocked {
                    // In order per mint: the entries behind one that did not finish wait for it.
                    report.stillQueued += entries.dropFirst(index + 1).map(QueuedEntry.init)
                    break
                }
            }
        }
        return report
    }

    private func runOne(_ listed: QueuedOperation) async -> Step {
        let id = listed.id
        let lease: (any OperationLease)?
        do { lease = try store.operationLeases.acquire(Self.leaseID(id)) } catch {
            logger.error("cannot take a queued operation's lease", metadata: ["entry": "\(id)", "error": "\(error)"])
            return .stillQueued(QueuedEntry(listed))
        }
        guard let lease else { return .runningElsewhere(QueuedEntry(listed)) }
        defer { lease.release() }
        let claimed: (entry: QueuedOperation, interruptedAt: Date?)?
        do {
            claimed = try await store.write { tx -> (QueuedOperation, Date?)? in
                // Another process may have finished it between the listing and the lease.
                guard var entry = try tx.queuedOperation(id: id), entry.state.isPending else { return nil }
                // Running with its lease free: the process running it died. The attempt's start is its updatedAt.
                let interruptedAt = entry.state == .running ? entry.updatedAt : nil
                entry.state = .running
                entry.attempts += 1
                entry.updatedAt = Date()
                try tx.updateQueuedOperation(entry)
                return (entry, interruptedAt)
            }
        } catch {
            logger.error("cannot mark a queued operation running", metadata: ["entry": "\(id)", "error": "\(error)"])
            return .stillQueued(QueuedEntry(listed))
        }
        guard let (entry, interruptedAt) = claimed else { return .gone }
        let request: QueuedRequest
        do { request = try QueuedRequest.decode(entry.payload) } catch {
            return await finish(entry, .failed(error))
        }
        if (interruptedAt != nil || entry.operationID != nil) && !recoveredThisPass {
            // What an interrupted or ambiguous attempt journaled is settled by the wallet first.
            recoveredThisPass = true
            await runner.recover()
        }
        if interruptedAt != nil {
            logger.info(
                "resuming an interrupted queued operation",
                metadata: ["entry": "\(id)", "kind": "\(entry.kind)"]
            )
        }
        let store = self.store
        let outcome = await runner.attempt(entry, request: request, interruptedAt: interruptedAt) {
            updated throws(WalletError) in
            try await Self.saveRequest(updated, of: id, in: store)
        }
        return await finish(entry, outcome)
    }

    /// Records an attempt's outcome. When the write fails the entry stays `running` and the next pass resumes it as
    /// interrupted, which is safe.
    private func finish(_ entry: QueuedOperation, _ outcome: QueueAttemptOutcome) async -> Step {
        var completion: QueueCompletion.Outcome?
        // Kept only for a caller waiting on this entry (it takes it); a long-running queue must not collect them.
        if case .failed(let error) = outcome, inline.contains(entry.id) { failures[entry.id] = error }
        let updated: QueuedOperation
        do {
            updated = try await store.write { tx -> QueuedOperation in
                // Read again: the attempt may have saved progress (a melt's quote id) in the payload.
                var updated = try tx.queuedOperation(id: entry.id) ?? entry
                updated.updatedAt = Date()
                switch outcome {
                case .completed(let result):
                    updated.state = .done
                    updated.payload = []  // the token is spent, the request paid: nothing secret is kept
                    updated.result = try? Array(JSONEncoder().encode(QueuedOperationResult.Stored(result)))
                    updated.lastErrorCode = nil
                    updated.lastError = nil
                    updated.operationID = result.operationIDs.first ?? updated.operationID
                case .failed(let error):
                    // The request stays (a refused token may still be worth something elsewhere) until removed.
                    updated.state = .failed
                    updated.lastErrorCode = error.code.rawValue
                    updated.lastError = error.reason
                case .deferred(let error):
                    updated.state = .queued
                    updated.lastErrorCode = error.code.rawValue
                    updated.lastError = error.reason
                case .waiting(let operation, let error):
                    updated.state = .queued
                    updated.operationID = operation
                    updated.lastErrorCode = error.code.rawValue
                    updated.lastError = error.reason
                }
                try tx.updateQueuedOperation(updated)
                return updated
            }
        } catch {
            logger.error(
                "cannot record a queued operation's outcome",
                metadata: ["entry": "\(entry.id)", "error": "\(error)"]
            )
            return .stillQueued(QueuedEntry(entry))
        }
        switch outcome {
        case .completed(let result): completion = .completed(result)
        case .failed(let error): completion = .failed(error)
        case .deferred, .waiting: completion = nil
        }
        let summary = QueuedEntry(updated)
        logger.info(
            "queued operation attempted",
            metadata: [
                "entry": "\(entry.id)", "kind": "\(entry.kind)", "mint": "\(entry.mintURL)",
                "state": "\(updated.state)", "attempts": "\(updated.attempts)",
                "error": "\(updated.lastErrorCode ?? "none")",
            ]
        )
        guard let completion else { return .stillQueued(summary) }
        if !inline.contains(entry.id) { publish(QueueCompletion(entry: summary, outcome: completion)) }
        if case .completed = completion { return .finished(summary, succeeded: true) }
        return .finished(summary, succeeded: false)
    }

    /// Stores a request's progress (a melt's quote id) in its entry.
    private static func saveRequest(_ request: QueuedRequest, of id: OperationID, in store: any WalletStore)
        async throws(WalletError)
    {
        let payload = try request.encoded()
        do {
            try await store.write { tx in
                guard var entry = try tx.queuedOperation(id: id) else { return }
                entry.payload = payload
                entry.updatedAt = Date()
                try tx.updateQueuedOperation(entry)
            }
        } catch {
            throw WalletError(.storage, "cannot store a queued operation's progress", underlying: error)
        }
    }
}
