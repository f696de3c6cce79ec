// Wallet: minting ecash for a paid quote (NUT-04/23, NUT-20 signature, NUT-13 outputs), resumable by quote id.

import Foundation

/// The outcome of minting, as the engine keeps it; front ends get its ``event``.
package struct MintResult: Sendable {
    /// The operation's id (its history line).
    package var operationID: OperationID
    /// The amount minted.
    package var amount: UInt64
    /// How many proofs it made.
    package var proofCount: Int
    /// The quote's mint.
    package var mint: MintURL
    /// The quote's unit.
    package var unit: CurrencyUnit

    /// The mint operation: its id, mint, unit and amount (no fee), as its `operationSettled` event tells it.
    package var event: WalletOperationEvent {
        WalletOperationEvent(id: operationID, kind: .mint, mint: mint, unit: unit, amount: amount, fee: 0)
    }
}

extension Wallet {
    /// Mints the ecash of a paid quote.
    ///
    /// Outputs come from NUT-13 counters reserved in the same transaction that journals them; the request is
    /// signed with the quote's NUT-20 key when it is locked. If the mint answered before a crash, or the answer
    /// was lost, ``recover()`` (or calling this again) gets the signatures back.
    /// - Returns: the mint operation: its id (the history line's), mint, unit and the amount minted.
    /// - Throws: ``WalletError`` (`quoteState` for an unpaid or issued quote, `pending` when the answer was lost).
    public func mint(quoteID: String) async throws(WalletError) -> WalletOperationEvent {
        try await mintResult(quoteID: quoteID).event
    }

    /// ``mint(quoteID:)``, with what the engine keeps of the outcome.
    package func mintResult(quoteID: String) async throws(WalletError) -> MintResult {
        // The quote, an earlier attempt still open, and the proofs held (for the split), in one read.
        let (found, open, holdings) = try await read { tx in
            guard let quote = try tx.mintQuote(id: quoteID) else {
                return (StoredMintQuote?.none, OperationRecord?.none, [UInt64: Int]())
            }
            let open = try self.openOperation(tx, kind: .mint, quoteID: quoteID, journal: MintJournal.self)
            let holdings =
                open == nil ? try tx.amountCounts(mintURL: quote.mintURL, unit: quote.unit, status: .unspent) : [:]
            return (quote, open, holdings)
        }
        guard let quote = found else {
            throw WalletError(.invalidInput, "no mint quote with this id in the wallet")
        }
        if let open {
            // Resume the earlier attempt (its outputs may already be signed), unless it is executing right now.
            let claimed = try claimExclusive(open.id)
            defer { release(claimed) }
            guard let current = try await read({ tx in try self.openOperation(tx, open.id) }) else {
                throw WalletError(.quoteState, "the quote's earlier attempt just finished; check the history")
            }
            return try await resumeMint(current)
        }
        guard quote.state != .issued else { throw WalletError(.quoteState, "the quote was already minted") }
        let keyset = try await activeKeyset(quote.mintURL, unit: quote.unit)
        let amounts = try await planner(keyset).split(quote.amount, holdings: holdings)
        let quoteKey = try await loadQuoteKey(quote)
        let id = OperationID.random()
        // Leased before the journal entry exists, so no recovery pass elsewhere takes it over (Wallet+Leases.swift).
        let claimed = try claim(id)
        defer { release(claimed) }
        step(.planned, .mint)
        let record = try await write { tx -> OperationRecord in
            // Another call (or process) may have minted or started minting this quote meanwhile.
            if let other = try self.openOperation(tx, kind: .mint, quoteID: quoteID, journal: MintJournal.self) {
                throw WalletError(.pending, "minting this quote is already under way", operationID: other.id)
            }
            guard try tx.mintQuote(id: quoteID)?.state != .issued else {
                throw WalletError(.quoteState, "the quote was already minted")
            }
            let counters = try tx.reserveCounters(keysetID: keyset.id, count: UInt64(amounts.count))
            let planned = try self.outputs.deterministic(amounts: amounts, keysetID: keyset.id, counters: counters)
            var request = MintRequest(quote: quoteID, outputs: planned.map(\.blindedMessage))
            var legacySignature: String?
            if let quoteKey {
                request.signature = try MintQuoteSignature.sign(
                    quote: quoteID, outputs: request.outputs, key: quoteKey)
                legacySignature = try MintQuoteSignature.sign(
                    quote: quoteID, outputs: request.outputs, key: quoteKey, scheme: .legacy)
            }
            let journal = MintJournal(
                quoteID: quoteID, outputs: planned, request: request, legacySignature: legacySignature)
            try self.journal(
                tx, id: id, kind: .mint, mint: quote.mintURL, unit: quote.unit, payload: journal,
                amount: quote.amount, fee: 0)
            return try tx.operation(id: id) ?? OperationRecord(
                id: id, kind: .mint, mintURL: quote.mintURL, unit: quote.unit, state: .prepared, payload: [])
        }
        step(.journaled, .mint)
        await emitStarted(record)
        return try await resumeMint(record, firstAttempt: true)
    }

    func unfinishedMint(quoteID: String) async throws(WalletError) -> OperationRecord? {
        try await read { tx in try self.openOperation(tx, kind: .mint, quoteID: quoteID, journal: MintJournal.self) }
    }

    func loadQuoteKey(_ quote: StoredMintQuote) async throws(WalletError) -> Scalar? {
        guard let pubkey = quote.pubkey else { return nil }
        guard let key = try await lockingKey(for: pubkey, .quote) else {
            throw WalletError(.secureStore, "the quote's NUT-20 key is neither stored nor derived from this seed")
        }
        return key
    }

    /// Sends (or re-sends, byte-identically) a journaled mint request and settles the answer.
    func resumeMint(_ operation: OperationRecord, firstAttempt: Bool = false) async throws(WalletError) -> MintResult {
        let claimed = try claim(operation.id)
        defer { release(claimed) }
        let saga = MintSaga(
            operationID: operation.id, journal: try Self.decodeJSON(MintJournal.self, operation.payload),
            firstAttempt: firstAttempt)
        return try await runMint(operation, saga).get()
    }

    /// Runs a mint operation's saga (``MintSaga``): performs each action it asks for and feeds the result back.
    func runMint(_ operation: OperationRecord, _ start: MintSaga) async -> SagaOutcome<MintResult> {
        var saga = start
        var action = saga.start()
        while true {
            switch action {
            case .send(let request):
                do {
                    let signatures = try await connector(operation.mintURL).mint(request).signatures
                    step(.answered, .mint)
                    action = saga.handle(.answered(signatures))
                } catch {
                    action = saga.handle(.requestFailed(error))
                }
            case .sendBatch(let request):
                do {
                    let signatures = try await connector(operation.mintURL).batchMint(request).signatures
                    step(.answered, .mint)
                    action = saga.handle(.answered(signatures))
                } catch {
                    action = saga.handle(.requestFailed(error))
                }
            case .rewrite(let journal):
                do {
                    try await rewriteJournal(operation.id, journal)
                    action = saga.handle(.rewritten)
                } catch {
                    action = saga.handle(.rewriteFailed(error))
                }
            case .restore(let outputs):
                do {
                    action = saga.handle(.restored(try await restoreSignatures(operation.mintURL, outputs: outputs)))
                } catch {
                    action = saga.handle(.restoreFailed(error))
                }
            case .settle(let signatures):
                do {
                    action = await saga.handle(
                        .settled(try settleMint(operation, journal: saga.journal, signatures: signatures)))
                } catch {
                    action = saga.handle(.settleFailed(error))
                }
            case .closeFailed:
                do {
                    try await failOperation(operation.id, release: [])
                    action = saga.handle(.closed)
                } catch {
                    action = saga.handle(.closeFailed(error))
                }
            case .finish(let outcome):
                logMismatch(outcome, operation)
                await emitOutcome(operation.id)
                return outcome
            }
        }
    }

    private func settleMint(_ operation: OperationRecord, journal: MintJournal, signatures: [BlindSignature])
        async throws(WalletError) -> MintResult
    {
        let mint = operation.mintURL
        let unblinder = try await unblinder(for: mint)
        let proofs: [Proof]
        do { proofs = try await unblinder.proofs(signatures: signatures, outputs: journal.outputs) } catch {
            throw WalletError(error.code, error.reason, operationID: operation.id)
        }
        let stored = try stored(proofs, mint: mint, unit: operation.unit)
        let amount = proofs.reduce(UInt64(0)) { $0 &+ $1.amount }
        try await settleWrite(operation.id) { tx in
            // Valid signatures are never dropped, even if another pass closed the operation meanwhile.
            try tx.addProofs(stored)
            for quoteID in journal.quoteIDs {
                guard var quote = try tx.mintQuote(id: quoteID) else { continue }
                quote.state = .issued
                quote.updatedAt = Date()
                try tx.saveMintQuote(quote)
            }
            guard let open = try self.openOperation(tx, operation.id) else { return }
            try self.close(tx, open, state: .done, history: .done, amount: amount)
        }
        step(.settled, .mint)
        logger.info("minted", metadata: ["operation": "\(operation.id)", "amount": "\(amount)"])
        return MintResult(
            operationID: operation.id, amount: amount, proofCount: proofs.count, mint: mint, unit: operation.unit)
    }
}
