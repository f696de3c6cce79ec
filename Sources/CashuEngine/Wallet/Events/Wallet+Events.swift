// Wallet: telling subscribers what happened — operations' lives from the journal and history, balances that changed.

import Foundation

extension Wallet {
    /// A new subscription to this wallet's events (``WalletEvent``): everything that happens from now on, in order.
    ///
    /// Any number of readers may subscribe; each has a buffer of its own, so a slow one never holds the wallet up (it
    /// loses its oldest events instead, and is told so with ``WalletEvent/eventsMissed(count:)``).
    /// - Parameter limit: how many events a reader that falls behind keeps (the newest).
    public nonisolated func events(bufferingNewest limit: Int = 256) -> AsyncStream<WalletEvent> {
        eventHub.subscribe(bufferingNewest: limit)
    }

    func emit(_ event: WalletEvent) {
        eventHub.publish(event)
    }

    /// What subscribers see of operation `id`: its record's kind, mint and unit, its history line's amount and fee.
    func operationEvent(_ id: OperationID) async -> (WalletOperationEvent, OperationState)? {
        try? await read { tx -> (WalletOperationEvent, OperationState)? in
            guard let record = try tx.operation(id: id) else { return nil }
            let entry = try tx.historyEntry(id: id)
            let event = WalletOperationEvent(
                id: id, kind: record.kind, mint: record.mintURL, unit: record.unit, amount: entry?.amount,
                fee: entry?.fee)
            // A receive in parts is told by its line, which stays pending until every part closed.
            if record.kind == .receive, let entry, !record.state.isUnfinished {
                let state: OperationState =
                    switch entry.state {
                    case .done: .done
                    case .failed: .failed
                    case .pending: .pending
                    }
                return (event, state)
            }
            return (event, record.state)
        }
    }

    /// Tells that `record` was journaled and its request is about to leave.
    func emitStarted(_ record: OperationRecord) async {
        guard eventHub.hasSubscribers, let (event, _) = await operationEvent(record.id) else { return }
        emit(.operationStarted(event))
    }

    /// Tells how operation `id` ended up (settled, failed, or still pending) and the balance it left.
    func emitOutcome(_ id: OperationID) async {
        // The parts of a receive in several swaps are told as the progress of the whole (runReceiveParts).
        guard !quietOutcomes.contains(id) else { return }
        guard eventHub.hasSubscribers, let (event, state) = await operationEvent(id) else { return }
        switch state {
        case .done: emit(.operationSettled(event))
        case .failed: emit(.operationFailed(event))
        case .pending, .inFlight, .prepared: emit(.operationPending(event))
        case .awaitingConfirmation: return
        }
        await emitBalance(event.mint, unit: event.unit)
    }

    /// Tells a long operation's progress.
    func emitProgress(_ event: WalletOperationEvent, _ progress: WalletProgress) {
        emit(.operationProgressed(event, progress))
    }

    /// Tells the spendable balance of `mint` and `unit` when it differs from the last one told.
    func emitBalance(_ mint: MintURL, unit: CurrencyUnit) async {
        guard eventHub.hasSubscribers, let balance = try? await balance(mint: mint, unit: unit) else { return }
        guard toldBalances[mint]?[unit] != balance else { return }
        toldBalances[mint, default: [:]][unit] = balance
        emit(.balanceChanged(mint: mint, unit: unit, balance: balance))
    }
}
