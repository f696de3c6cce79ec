// Offline queue: runs queued receives, melts and checks through the wallet engine, turning its answers into the
// queue's outcomes without ever running a wallet operation twice.

import CoreCashu
import Foundation

/// The production runner: a ``Wallet``.
struct WalletQueueRunner: QueuedOperationRunner {
    let wallet: Wallet
    /// The wallet's store, for history lines.
    let store: any WalletStore
    let attributedOperations: @Sendable (MintURL) async -> Set<OperationID>

    func recover() async {
        _ = await wallet.recover()
    }

    func attempt(
        _ entry: QueuedOperation,
        request: QueuedRequest,
        interruptedAt: Date?,
        save: @Sendable (QueuedRequest) async throws(WalletError) -> Void
    ) async -> QueueAttemptOutcome {
        switch request {
        case .receive(let token, let addUnknownMint):
            return await receive(entry, token: token, addUnknownMint: addUnknownMint)
        case .melt(let paymentRequest, let unit, let quoteID):
            return await melt(entry, request: paymentRequest, unit: unit, quoteID: quoteID, save: save)
        case .check:
            do {
                let report = try await wallet.check(mint: entry.mintURL)
                return .completed(
                    QueuedOperationResult(
                        amount: 0,
                        fee: 0,
                        operationIDs: report.claimed + report.settledMelts,
                        claimedSends: report.claimed.count,
                        unclaimedSends: report.unclaimed.count,
                        settledMelts: report.settledMelts.count
                    )
                )
            } catch {
                return QueueFailurePolicy.outcome(for: error)
            }
        }
    }

    // MARK: Receive

    private func receive(_ entry: QueuedOperation, token: String, addUnknownMint: Bool) async
        -> QueueAttemptOutcome
    {
        if let earlier = entry.operationID {
            // An earlier attempt left a receive open at the mint (an ambiguous answer): its recovery says what became
            // of the token. Only when it did not happen is the token received anew.
            switch await historyEntry(earlier)?.state {
            case .done?:
                return await completedFromHistory(earlier)
            case .pending?:
                return .waiting(
                    earlier,
                    WalletError(.pending, "the earlier receive is still pending", operationID: earlier)
                )
            case .failed?, nil:
                break
            }
        }
        // A receive of these proofs still open in the journal (an interrupted attempt whose recovery could not
        // finish, or the same token being received elsewhere): wait for it rather than start a second one.
        if let lookup = OpenReceiveLookup(token: token, mint: entry.mintURL),
            let open = try? await store.read({ tx in try tx.unfinishedOperations() }),
            let operation = lookup.find(in: open)
        {
            return .waiting(
                operation,
                WalletError(.pending, "a receive of this token is still open", operationID: operation)
            )
        }
        do {
            let result = try await wallet.receive(token, options: ReceiveOptions(addUnknownMint: addUnknownMint))
            return .completed(
                QueuedOperationResult(amount: result.amount, fee: result.fee, operationIDs: result.operationIDs)
            )
        } catch let error where error.code == .alreadySpent {
            // Spent: by an interrupted attempt of this entry, by another receive of the same token here, or by
            // someone else. The mint swapped it once either way; the history tells which.
            guard let attribution = ReceiveAttribution(token: token, mint: entry.mintURL) else { return .failed(error) }
            // Since the entry was queued, not since the last interrupted attempt: an earlier one may have swapped it.
            let since = entry.createdAt
            let history = (try? await wallet.history(limit: 10_000)) ?? []
            if let found = attribution.match(
                in: history,
                since: since.addingTimeInterval(-1),
                excluding: await attributedOperations(entry.mintURL)
            ) {
                return .completed(
                    QueuedOperationResult(
                        amount: found.amount,
                        fee: found.fee,
                        operationIDs: [found.id],
                        foundInHistory: true
                    )
                )
            }
            return .failed(error)
        } catch {
            return QueueFailurePolicy.outcome(for: error)
        }
    }

    private func completedFromHistory(_ id: OperationID) async -> QueueAttemptOutcome {
        let entry = await historyEntry(id)
        return .completed(
            QueuedOperationResult(
                amount: entry?.amount ?? 0,
                fee: entry?.fee ?? 0,
                operationIDs: [id],
                foundInHistory: true
            )
        )
    }

    // MARK: Melt

    private func melt(
        _ entry: QueuedOperation,
        request: String,
        unit: CurrencyUnit,
        quoteID: String?,
        save: @Sendable (QueuedRequest) async throws(WalletError) -> Void
    ) async -> QueueAttemptOutcome {
        let quote: String
        if let quoteID {
            quote = quoteID
        } else {
            do {
                quote = try await wallet.meltQuote(request: request, mint: entry.mintURL, unit: unit).id
                // Stored before paying: from here on a resumed attempt pays this quote or learns its fate, and never
                // asks for a second quote that could pay the request twice.
                try await save(.melt(request: request, unit: unit, quoteID: quote))
            } catch {
                return QueueFailurePolicy.outcome(for: error)
            }
        }
        do {
            // The wallet pays a quote once: a second call resumes (or resolves) the payment it journaled.
            let result = try await wallet.melt(quoteID: quote)
            guard result.state == .paid else {
                return .waiting(
                    result.operationID,
                    WalletError(.pending, "the payment is \(result.state) at the mint", operationID: result.operationID)
                )
            }
            return .completed(
                QueuedOperationResult(
                    amount: result.amount,
                    fee: result.fee,
                    operationIDs: [result.operationID],
                    change: result.change,
                    paymentPreimage: result.paymentPreimage,
                    proofOfPayment: result.proofOfPayment
                )
            )
        } catch let error where error.code == .quoteState {
            // The quote's payment finished before (an interrupted attempt): the stored quote and history say how.
            let stored: StoredMeltQuote?
            do { stored = try await wallet.meltQuotes(mint: entry.mintURL).first { $0.id == quote } } catch {
                // Not knowing is not a refusal (a busy database while the timer runs): look again next pass.
                return .deferred(error)
            }
            if let stored, stored.state == .paid {
                var fee: UInt64?
                if let id = entry.operationID, let line = await historyEntry(id) {
                    fee = (try? await wallet.paidMeltFee(of: line)) ?? line.fee
                }
                return .completed(
                    QueuedOperationResult(
                        amount: stored.amount,
                        fee: fee ?? 0,
                        operationIDs: entry.operationID.map { [$0] } ?? [],
                        paymentPreimage: stored.paymentPreimage,
                        proofOfPayment: stored.proofOfPayment,
                        foundInHistory: true
                    )
                )
            }
            return .failed(error)
        } catch let error where error.code == .mintRefused && error.mintError?.known == .quoteExpired {
            // The quote expired before it was paid: nothing was paid; the next attempt asks for a new one — unless a
            // payment of this quote is still open in the wallet (its outcome unknown), which is waited for instead.
            if let operation = error.operationID { return .waiting(operation, error) }
            do { try await save(.melt(request: request, unit: unit, quoteID: nil)) } catch {
                return .deferred(error)
            }
            return .deferred(error)
        } catch {
            return QueueFailurePolicy.outcome(for: error)
        }
    }
}

extension WalletQueueRunner {
    /// One history line by operation id; `nil` when missing or unreadable.
    func historyEntry(_ id: OperationID) async -> HistoryEntry? {
        try? await store.read { tx in try tx.historyEntry(id: id) }
    }
}
