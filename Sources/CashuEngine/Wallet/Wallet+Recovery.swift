// Wallet: resuming unfinished operations on every start and from `cashu refresh` (docs/architecture.md, "Sagas").

import Foundation

/// What a recovery pass did.
public struct RecoveryReport: Sendable {
    /// Operations brought to a definite end (done or failed).
    public var resolved: [OperationID] = []
    /// Operations still open, with why.
    public var unresolved: [(OperationID, WalletError)] = []
    /// Reserved proofs whose operation no longer exists, returned to the balance.
    public var releasedOrphans: Int = 0

    package init() {}
}

extension Wallet {
    /// Resumes every unfinished operation: replays journaled requests byte-identically, else learns the outcome
    /// with NUT-07 and NUT-09. An ambiguous answer leaves the operation open. Makes no request when nothing is
    /// open.
    @discardableResult
    public func recover() async -> RecoveryReport {
        var report = RecoveryReport()
        let open: [OperationRecord]
        do {
            // One read for both; the write lock only when a reservation must be released (seldom).
            let (unfinished, orphans) = try await read { tx in
                let unfinished = try tx.unfinishedOperations()
                return (unfinished, try Self.orphanReservations(tx, open: Set(unfinished.map(\.id))))
            }
            open = unfinished
            if !orphans.isEmpty { report.releasedOrphans = try await releaseOrphanReservations() }
        } catch {
            logger.error("recovery cannot read the journal", metadata: ["error": "\(error)"])
            return report
        }
        removeAbandonedLeases(except: Set(open.map(\.id)))
        for listed in RecoveryPlan.ordered(open) {
            // Its own call is waiting for the mint's answer (the actor is reentrant): replaying it now would race it.
            guard inFlight[listed.id] == nil else {
                // Prepared here and waiting for its confirmation: not recovery's (its timer releases it).
                if listed.state == .awaitingConfirmation { continue }
                report.unresolved.append(
                    (listed.id, WalletError(.pending, "the operation is in flight", operationID: listed.id)))
                continue
            }
            // Another process (or wallet) executing it holds its lease: it is theirs to settle. A dead process's
            // lease died with it.
            let claimed: OperationID?
            do { claimed = try claim(listed.id) } catch {
                report.unresolved.append((listed.id, error))
                continue
            }
            defer { release(claimed) }
            var failure: WalletError?
            do {
                // Its executor may have settled it between the listing and the lease.
                guard let operation = try await read({ tx in try self.openOperation(tx, listed.id) }) else { continue }
                try await resume(operation, try RecoveryPlan.step(for: operation))
            } catch {
                failure = error
            }
            // A melt the mint still reports PENDING comes back without an error but is not at an end.
            if await isOpen(listed.id) {
                let reason = failure ?? WalletError(.pending, "pending at the mint", operationID: listed.id)
                report.unresolved.append((listed.id, reason))
            } else {
                report.resolved.append(listed.id)
            }
        }
        if !open.isEmpty {
            logger.info(
                "recovery pass",
                metadata: ["resolved": "\(report.resolved.count)", "open": "\(report.unresolved.count)"])
        }
        return report
    }

    /// Performs recovery's step for one unfinished operation.
    private func resume(_ operation: OperationRecord, _ plan: RecoveryStep) async throws(WalletError) {
        switch plan {
        case .resumeMint:
            _ = try await resumeMint(operation)
        case .resumeMelt:
            _ = try await resumeMelt(operation)
        case .resolveMelt(let journal):
            _ = try await resolveMelt(operation, journal: journal)
        case .resumeSwap(let journal):
            _ = try await runSwap(operation, journal: journal, firstAttempt: false).get()
        case .resumeTransfer:
            let result = try await advanceTransfer(operation, mintWait: nil)
            if result.state == .pending {
                throw WalletError(.pending, result.reason ?? "the transfer is under way", operationID: operation.id)
            }
        case .resumeBlindAuth:
            _ = try await resumeBlindAuth(operation)
        case .close:
            try await failOperation(operation.id, release: [])
        case .releaseHold:
            await releaseHold(operation.id, because: .abandoned)
        }
    }

    /// Whether an operation is unfinished; `true` when the store cannot tell.
    func isOpen(_ id: OperationID) async -> Bool {
        do { return try await read { tx in try self.openOperation(tx, id) } != nil } catch { return true }
    }

    /// Reserved proofs whose operation is closed or missing go back to unspent (a crash between steps that the
    /// journal already resolved). Pending and sent proofs are never touched here.
    private func releaseOrphanReservations() async throws(WalletError) -> Int {
        try await write { tx in
            // Asked again under the write lock: another process may have settled or journaled meanwhile.
            let orphans = try Self.orphanReservations(tx, open: Set(try tx.unfinishedOperations().map(\.id)))
            if !orphans.isEmpty { try tx.setStatus(.unspent, Ys: orphans, operationID: nil) }
            return orphans.count
        }
    }

    /// The recovery pass a host runs right after opening the wallet with `recover: false`: when the open's read found
    /// nothing unfinished and nothing reserved (almost every open), a pass would only clear the lock files of
    /// processes that died before journaling, so that is all it does, with no read. Any later call is a full
    /// ``recover()``.
    package func recoverAfterOpening() async -> RecoveryReport {
        defer { unfinishedAtOpen = true }
        guard unfinishedAtOpen else {
            removeAbandonedLeases()
            return RecoveryReport()
        }
        return await recover()
    }

    /// Removes the lock files of leases whose process died before journaling its operation, but for `open`'s and
    /// the operations in flight here.
    func removeAbandonedLeases(except open: Set<OperationID> = []) {
        do {
            _ = try leases.removeAbandoned(except: open.union(inFlight.keys))
        } catch {
            logger.warning("recovery cannot clear abandoned leases", metadata: ["error": "\(error)"])
        }
    }

    /// The reserved proofs whose operation is not in `open` (closed or missing).
    private nonisolated static func orphanReservations(_ tx: any WalletTransaction, open: Set<OperationID>) throws
        -> [CompressedPoint]
    {
        RecoveryPlan.orphans(reserved: try tx.proofs(mintURL: nil, unit: nil, statuses: [.reserved]), open: open)
    }
}
