// Wallet: holds — the inputs a prepared operation reserves until it is confirmed, cancelled, or lapses.

import Foundation

extension Wallet {
    /// Journals a hold on `inputs` under `id` (inside the transaction that reserves them). Its lease, claimed before,
    /// stays with this wallet until the hold ends: no recovery pass elsewhere releases it meanwhile.
    nonisolated func placeHold(
        _ tx: any WalletTransaction, id: OperationID, kind: OperationKind, mint: MintURL, unit: CurrencyUnit,
        _ hold: HoldJournal
    ) throws {
        try tx.setStatus(.reserved, Ys: hold.inputs, operationID: id)
        let now = Date()
        try tx.insertOperation(
            OperationRecord(
                id: id, kind: kind, mintURL: mint, unit: unit, state: .awaitingConfirmation,
                payload: try Self.encodeJSON(hold), createdAt: now, updatedAt: now))
    }

    /// The hold `id` with the proofs it still holds, checked inside a confirming transaction.
    /// - Throws: ``WalletError`` `expired` when the hold lapsed, was cancelled or released (nothing was spent).
    nonisolated func heldInputs(_ tx: any WalletTransaction, _ id: OperationID) throws
        -> (record: OperationRecord, hold: HoldJournal, proofs: [StoredProof])
    {
        guard let record = try tx.operation(id: id), record.state == .awaitingConfirmation else {
            throw WalletError(.expired, "the prepared operation was cancelled or has lapsed; nothing was spent")
        }
        let hold = try Self.decodeJSON(HoldJournal.self, record.payload)
        guard !hold.isExpired() else {
            throw WalletError(.expired, "the prepared operation lapsed at \(hold.expiresAt); nothing was spent")
        }
        let held = try tx.proofs(Ys: hold.inputs).filter { $0.status == .reserved && $0.operationID == id }
        guard held.count == hold.inputs.count else {
            throw WalletError(.expired, "the prepared operation no longer holds its proofs; nothing was spent")
        }
        return (record, hold, held)
    }

    /// What hold `id` reserves under its own id as a selection (after a `meltSwap` hold's swap: its exact proofs), or
    /// `nil` when it reserves nothing.
    /// - Throws: ``WalletError`` `expired` when the hold no longer waits for its confirmation.
    nonisolated func exactHeld(_ tx: any WalletTransaction, _ id: OperationID, selector: ProofSelector) throws
        -> ProofSelector.Selection?
    {
        _ = try heldRecord(tx, id)
        let held = try reservedProofs(tx, heldBy: id)
        return held.isEmpty ? nil : try selector.selection(of: held)
    }

    /// The proofs reserved under hold `id`.
    nonisolated func reservedProofs(_ tx: any WalletTransaction, heldBy id: OperationID) throws -> [StoredProof] {
        try tx.proofs(operationID: id).filter { $0.status == .reserved }
    }

    /// The record of hold `id` while it still waits for its confirmation (a melt confirming after its swap checks it
    /// was not cancelled meanwhile).
    /// - Throws: ``WalletError`` `expired` otherwise.
    nonisolated func heldRecord(_ tx: any WalletTransaction, _ id: OperationID) throws -> OperationRecord {
        guard let record = try tx.operation(id: id), record.state == .awaitingConfirmation else {
            throw WalletError(.expired, "the prepared operation was cancelled or has lapsed")
        }
        return record
    }

    /// Starts the timer that releases hold `id` at `expiresAt` unless it was confirmed or cancelled by then.
    /// A release that fails (a busy or unreachable store) is tried again, 1 s later, then less and less often (at
    /// most every minute), until it succeeds or the hold is no longer waiting (confirmed, cancelled, released).
    /// - Parameter reason: what the release says (a cancel retried is still a cancel).
    func startHoldTimer(_ id: OperationID, expiresAt: Date, reason: HoldRelease = .expired) {
        // At most a year: a huge `holdFor` must not overflow the sleep's milliseconds.
        let delay = min(max(0, expiresAt.timeIntervalSinceNow), 365 * 24 * 3600)
        holdTimers[id] = Task { [weak self] in
            try? await Task.sleep(for: .milliseconds(Int64(delay * 1000) + 1))
            var pause = Duration.seconds(1)
            while !Task.isCancelled {
                guard let self else { return }
                if await self.releaseHold(id, because: reason) { return }
                guard await self.holdWaits(id) else { return }
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(60))
            }
        }
    }

    /// Releases hold `id` (``releaseHold(_:because:)``); when that fails while the hold still waits (a busy store),
    /// its timer is restarted to retry now (then less and less often), so that proofs are never left held until the
    /// hold's expiry, or with nothing to release them at all (a confirming call took the timer).
    func releaseHoldOrRetry(_ id: OperationID, because reason: HoldRelease) async {
        let released = await releaseHold(id, because: reason)
        guard !released, await holdWaits(id) else { return }
        holdTimers.removeValue(forKey: id)?.cancel()
        startHoldTimer(id, expiresAt: Date(), reason: reason)
    }

    /// Whether hold `id` still waits for its confirmation; `true` when the store cannot say (so its release is tried
    /// again).
    private func holdWaits(_ id: OperationID) async -> Bool {
        (try? await read { tx in try tx.operation(id: id)?.state == .awaitingConfirmation }) ?? true
    }

    /// Ends this wallet's claim on hold `id` (its timer and its lease); the journal is left as it is.
    func endHold(_ id: OperationID) {
        holdTimers.removeValue(forKey: id)?.cancel()
        release(id)
    }

    /// Takes hold `id` for its confirmation: its timer stops (it can no longer lapse under the confirming call; the
    /// confirming transaction still checks its expiry). The caller releases the lease when done.
    /// - Throws: ``WalletError`` `expired` when this wallet holds no such hold (lapsed, cancelled, confirmed before,
    ///   or prepared by another wallet).
    func takeHold(_ id: OperationID, of owner: Wallet) throws(WalletError) {
        guard owner === self, let timer = holdTimers.removeValue(forKey: id) else {
            throw WalletError(.expired, "the prepared operation was cancelled, confirmed or has lapsed")
        }
        timer.cancel()
    }

    /// Releases hold `id` if it still waits for its confirmation: its proofs go back to unspent and the operation
    /// closes as failed, with no history line (nothing happened). A no-op for a hold already confirmed (its
    /// confirming call keeps the lease) or released.
    /// - Returns: whether it released anything.
    @discardableResult
    func releaseHold(_ id: OperationID, because reason: HoldRelease) async -> Bool {
        do {
            let released = try await write { tx -> (OperationRecord, UInt64)? in
                guard let record = try tx.operation(id: id), record.state == .awaitingConfirmation else { return nil }
                let held = try self.reservedProofs(tx, heldBy: id)
                if !held.isEmpty { try tx.setStatus(.unspent, Ys: held.map(\.Y), operationID: nil) }
                try self.close(tx, record, state: .failed, history: .failed)
                return (record, held.reduce(UInt64(0)) { $0 &+ $1.amount })
            }
            guard let (record, amount) = released else { return false }
            endHold(id)
            logger.debug("hold released", metadata: ["operation": "\(id)", "reason": "\(reason)"])
            let event = WalletOperationEvent(
                id: id, kind: record.kind, mint: record.mintURL, unit: record.unit, amount: amount, fee: nil)
            emit(.operationReleased(event, reason))
            await emitBalance(record.mintURL, unit: record.unit)
            return true
        } catch {
            logger.warning("a hold could not be released", metadata: ["operation": "\(id)", "error": "\(error)"])
            return false
        }
    }
}

/// Why a prepared operation's hold was released without confirmation.
public enum HoldRelease: Sendable, Hashable, CaseIterable, PackageNamed {
    /// The front end cancelled it.
    case cancelled
    /// It was not confirmed in time.
    case expired
    /// The process that prepared it ended before confirming (released by a recovery pass).
    case abandoned
    /// Its confirmation failed before anything was sent (the store, the keyset, a lock that cannot be made).
    case refused

    /// The name the store and the logs use.
    package var rawValue: String {
        switch self {
        case .cancelled: "cancelled"
        case .expired: "expired"
        case .abandoned: "abandoned"
        case .refused: "refused"
        }
    }
}
