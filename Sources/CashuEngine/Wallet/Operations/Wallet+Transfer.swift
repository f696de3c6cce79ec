// Wallet: moving sats between mints — the melt at the source pays the destination's invoice, then the destination
// mints — as one journaled operation over two journaled ones (docs/architecture.md, "Transfers").

import Foundation

extension Wallet {
    /// Moves the quoted amount: journals the transfer, pays the destination's invoice from the source (a melt),
    /// waits up to `mintWait` for the destination to see the payment, and mints there.
    ///
    /// Every step is journaled before it leaves: a crash anywhere is continued by ``recover()`` on the next start
    /// (the payment, if not started and both quotes are still valid, is made; a paid one is minted). Once the payment
    /// happened the transfer never fails: the sats wait at the destination until minted.
    /// - Returns: the report; `state` is `pending` while the payment is in flight or the destination has not
    ///   minted yet (the transfer stays journaled and recovery continues it).
    /// - Throws: ``WalletError`` when nothing moved (`insufficientFunds`, `mintRefused`, `quoteState`, ...), with the
    ///   transfer's id; `pending` when another call holds the quote.
    package func transfer(_ quote: TransferQuote, mintWait: Duration = .seconds(30)) async throws(WalletError)
        -> TransferResult
    {
        try await transfer(quote, mintWait: mintWait, heldMelt: nil)
    }

    /// ``transfer(_:mintWait:)``; with `heldMelt`, its melt is that prepared payment's (``PreparedTransfer``).
    func transfer(_ quote: TransferQuote, mintWait: Duration, heldMelt: OperationID?) async throws(WalletError)
        -> TransferResult
    {
        let id = OperationID.random()
        // Leased before the journal entry exists, so no recovery pass elsewhere takes it over (Wallet+Leases.swift).
        let claimed = try claim(id)
        defer { release(claimed) }
        step(.planned, .transfer)
        let journal = TransferJournal(
            from: quote.from, to: quote.to, unit: quote.unit, amount: quote.amount, mintQuoteID: quote.mintQuote.id,
            meltQuoteID: quote.meltQuote.id, feeReserve: quote.meltQuote.feeReserve, stage: .quoted)
        let payload = try Self.encodeJSON(journal)
        let record = try await write { tx -> OperationRecord in
            let taken = try self.openTransfers(tx).contains { $0.1.meltQuoteID == journal.meltQuoteID }
            let melting = try self.openMelt(tx, quoteID: journal.meltQuoteID) != nil
            if taken || melting {
                throw WalletError(.pending, "a payment of this transfer's quote is already under way")
            }
            guard try tx.meltQuote(id: journal.meltQuoteID)?.state == .unpaid else {
                throw WalletError(.quoteState, "the transfer's quote was already used")
            }
            if let heldMelt { _ = try self.heldRecord(tx, heldMelt) }
            let now = Date()
            try tx.insertOperation(
                OperationRecord(
                    id: id, kind: .transfer, mintURL: journal.from, unit: journal.unit, state: .prepared,
                    payload: payload, createdAt: now, updatedAt: now))
            return try self.requireOperation(tx, id)
        }
        step(.journaled, .transfer)
        await emitStarted(record)
        return try await advanceTransfer(record, mintWait: mintWait, heldMelt: heldMelt)
    }

    /// The transfers not finished yet, oldest first.
    public func openTransfers() async throws(WalletError) -> [TransferResult] {
        try await read { tx in try self.openTransfers(tx) }.map { record, journal in
            Self.report(record, journal, state: .pending, fee: nil, reason: nil)
        }
    }

    /// A transfer's report, finished or not (`nil` for an unknown id).
    public func transfer(id: OperationID) async throws(WalletError) -> TransferResult? {
        try await read { tx -> TransferResult? in
            guard let record = try tx.operation(id: id), record.kind == .transfer,
                let journal = try? JSONDecoder().decode(TransferJournal.self, from: Data(record.payload))
            else { return nil }
            let state: ActivityState =
                switch record.state {
                case .done: .done
                case .failed: .failed
                default: .pending
                }
            let fee = try journal.meltOperationID.flatMap { try self.paidMeltFee(tx, $0) }
            return Self.report(record, journal, state: state, fee: fee, reason: nil)
        }
    }

    /// Continues a journaled transfer, one ``TransferSaga`` step at a time, until it is done, failed or must wait.
    /// Each step (melt, check, mint) runs at most once per call.
    /// - Throws: ``WalletError`` when it failed (closed: nothing moved), naming it; `pending` with its id when the
    ///   store failed while it is open (it stays journaled: never a reason to start another transfer).
    func advanceTransfer(_ operation: OperationRecord, mintWait: Duration?, heldMelt: OperationID? = nil)
        async throws(WalletError) -> TransferResult
    {
        do {
            return try await stepTransfer(operation, mintWait: mintWait, heldMelt: heldMelt)
        } catch where error.operationID != operation.id {
            throw WalletError(
                .pending, "the transfer stays journaled and is continued later (\(error.reason))",
                mintError: error.mintError, operationID: operation.id, underlying: error)
        }
    }

    private func stepTransfer(_ operation: OperationRecord, mintWait: Duration?, heldMelt: OperationID?)
        async throws(WalletError) -> TransferResult
    {
        var journal = try Self.decodeJSON(TransferJournal.self, operation.payload)
        var tried: Set<TransferSaga.Attempt> = []
        var lastError: WalletError?
        while true {
            let facts = try await transferFacts(journal, tried: tried, lastError: lastError)
            switch TransferSaga.next(journal, facts) {
            case .melt:
                tried.insert(.melt)
                if journal.stage != .melting || journal.meltOperationID == nil {
                    journal.stage = .melting
                    // A prepared transfer pays with its held proofs: the hold becomes the melt.
                    journal.meltOperationID = heldMelt ?? .random()
                    try await rewriteJournal(operation.id, journal)
                }
                let meltID = journal.meltOperationID ?? .random()
                do {
                    _ = try await melt(
                        quoteID: journal.meltQuoteID, preferAsync: false, operationID: meltID,
                        confirmingHold: meltID == heldMelt)
                } catch { lastError = error }
            case .checkMintQuote:
                tried.insert(.checkMintQuote)
                do {
                    if let mintWait {
                        _ = try await waitForMintQuote(journal.mintQuoteID, timeout: mintWait)
                    } else {
                        _ = try await checkMintQuote(journal.mintQuoteID)
                    }
                } catch { lastError = error }
            case .mint:
                tried.insert(.mint)
                do { _ = try await mintResult(quoteID: journal.mintQuoteID) } catch { lastError = error }
            case .recheckMintQuote:
                tried.insert(.recheckMintQuote)
                do { _ = try await checkMintQuote(journal.mintQuoteID) } catch { lastError = error }
            case .done:
                let meltID = journal.meltOperationID
                let fee = try await write { tx -> UInt64? in
                    if let open = try self.openOperation(tx, operation.id) {
                        try self.close(tx, open, state: .done, history: .done)
                    }
                    return try meltID.flatMap { try self.paidMeltFee(tx, $0) }
                }
                step(.settled, .transfer)
                var closed = operation
                closed.payload = (try? Self.encodeJSON(journal)) ?? operation.payload
                logger.info("transfer done", metadata: ["operation": "\(operation.id)"])
                return Self.report(closed, journal, state: .done, fee: fee, reason: nil)
            case .wait(let reason):
                return Self.report(operation, journal, state: .pending, fee: nil, reason: reason)
            case .fail(let reason):
                try await write { tx in
                    guard let open = try self.openOperation(tx, operation.id) else { return }
                    try self.close(tx, open, state: .failed, history: .failed)
                }
                // Closed: never `pending` (which would say it is still under way).
                let code = lastError.map { $0.code == .pending ? .quoteState : $0.code } ?? .quoteState
                throw WalletError(
                    code, "the transfer failed: \(reason)", mintError: lastError?.mintError,
                    operationID: operation.id, underlying: lastError)
            }
        }
    }

    private func transferFacts(_ journal: TransferJournal, tried: Set<TransferSaga.Attempt>, lastError: WalletError?)
        async throws(WalletError) -> TransferSaga.Facts
    {
        let now = UInt64(max(0, Date().timeIntervalSince1970))
        let meltID = journal.meltOperationID
        let (melt, meltOpen, meltJournaled, mint, mintOpen) = try await read { tx in
            (
                try tx.meltQuote(id: journal.meltQuoteID), try self.openMelt(tx, quoteID: journal.meltQuoteID) != nil,
                // Journaled as a melt (its request written, open or closed since): a melt's journal entry comes with
                // its history line, a prepared transfer's hold (waiting, or released) never has one.
                try meltID.map { id in try tx.historyEntry(id: id) != nil } ?? false,
                try tx.mintQuote(id: journal.mintQuoteID),
                try self.openOperation(tx, kind: .mint, quoteID: journal.mintQuoteID, journal: MintJournal.self) != nil
            )
        }
        return TransferSaga.Facts(
            meltQuote: melt?.state, meltQuoteExpired: melt?.expiry.map { $0 < now } ?? false, meltOpen: meltOpen,
            meltJournaled: meltJournaled,
            mintQuote: mint?.state, mintQuoteExpired: mint?.expiry.map { $0 < now } ?? false, mintOpen: mintOpen,
            tried: tried, lastError: lastError)
    }

    /// The open transfers with their journals.
    nonisolated func openTransfers(_ tx: any WalletTransaction) throws -> [(OperationRecord, TransferJournal)] {
        try tx.unfinishedOperations().filter { $0.kind == .transfer }.compactMap { record in
            guard let journal = try? JSONDecoder().decode(TransferJournal.self, from: Data(record.payload)) else {
                return nil
            }
            return (record, journal)
        }
    }

    private static func report(
        _ record: OperationRecord, _ journal: TransferJournal, state: ActivityState, fee: UInt64?, reason: String?
    ) -> TransferResult {
        TransferResult(
            operationID: record.id, from: journal.from, to: journal.to, unit: journal.unit, amount: journal.amount,
            state: state, arrived: state == .done ? journal.amount : 0, fee: fee, reason: reason,
            createdAt: record.createdAt)
    }
}
