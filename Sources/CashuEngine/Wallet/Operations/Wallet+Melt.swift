// Wallet: paying a melt quote (NUT-05/23) with NUT-08 change; a PENDING answer keeps the proofs pending.

import Foundation

/// The outcome of a melt.
public struct MeltResult: Sendable {
    /// The melt's operation id.
    public var operationID: OperationID
    /// `paid`, or `pending` when the payment is still in flight (the proofs stay pending).
    public var state: MeltQuoteState
    /// The amount paid.
    public var amount: UInt64
    /// What the payment cost beyond the amount: input fees (those of a swap that made the exact inputs first
    /// included) plus the Lightning fee actually spent.
    public var fee: UInt64
    /// The change returned.
    public var change: UInt64
    /// The payment preimage, when the mint gives it.
    public var paymentPreimage: String?
    /// Whether ``paymentPreimage`` hashes to the invoice's payment hash (``ProofOfPayment/notChecked`` while the
    /// payment is pending). A ``ProofOfPayment/mismatch`` undoes nothing: the mint says paid and spent the proofs.
    public var proofOfPayment: ProofOfPayment = .notChecked
}

extension Wallet {
    /// Pays a melt quote.
    ///
    /// Inputs cover amount + fee reserve + their input fee; when the selection overshoots, a swap first makes the
    /// exact amount, so no more than the fee reserve is ever exposed to the payment. NUT-08 blank outputs bring
    /// back the unused fee reserve.
    /// - Parameters:
    ///   - quoteID: the melt quote to pay.
    ///   - preferAsync: ask the mint to answer at once with `PENDING` (NUT-05 `prefer_async`) instead of holding
    ///     the request until the payment settles; ``check(mint:)`` or ``recover()`` settles it later.
    /// - Throws: ``WalletError`` (`insufficientFunds`, `quoteState`, `mintRefused`, `pending`).
    package func melt(quoteID: String, preferAsync: Bool = false) async throws(WalletError) -> MeltResult {
        try await melt(quoteID: quoteID, preferAsync: preferAsync, operationID: .random())
    }

    /// `melt(quoteID:preferAsync:)` journaling a new melt under `id` (a transfer records it before the melt); with
    /// `confirmingHold`, the melt pays with what the prepared payment under `id` holds
    /// (``preparePayment(quoteID:holdFor:)``), and nothing else.
    func melt(quoteID: String, preferAsync: Bool, operationID id: OperationID, confirmingHold: Bool = false)
        async throws(WalletError) -> MeltResult
    {
        guard let quote = try await read({ tx in try tx.meltQuote(id: quoteID) }) else {
            throw WalletError(.invalidInput, "no melt quote with this id in the wallet")
        }
        if let open = try await openMelt(quoteID: quoteID) {
            // A prepared payment pays with what it holds or not at all: another payment of its quote (started without
            // the hold) is not its own (the hold is released by the confirming call).
            if confirmingHold && open.id != id {
                throw WalletError(
                    .pending, "another payment of this quote is under way; the prepared one paid nothing",
                    operationID: open.id)
            }
            // A payment of this quote was started before: learn its fate instead of paying twice (unless it is
            // executing right now, here or in another process).
            let claimed = try claimExclusive(open.id)
            defer { release(claimed) }
            guard let current = try await read({ tx in try self.openOperation(tx, open.id) }) else {
                throw WalletError(.quoteState, "the quote's payment just finished; check the history")
            }
            return try await resolveMelt(current, journal: try Self.decodeJSON(MeltJournal.self, current.payload))
        }
        guard quote.state == .unpaid else { throw WalletError(.quoteState, "the quote is \(quote.state)") }
        let mint = quote.mintURL
        let keyset = try await activeKeyset(mint, unit: quote.unit)
        let (need, overflow) = quote.amount.addingReportingOverflow(quote.feeReserve)
        guard !overflow else { throw WalletError(.invalidMintResponse, "the quote's amount and fee reserve overflow") }
        let hold = confirmingHold ? try await meltHold(id, quoteID: quoteID) : nil
        // A quote a prepared payment holds is refused before any swap is paid for it (checked again when journaling).
        if hold == nil { try await read { tx in try self.requireQuoteFree(tx, quoteID) } }
        // The fee of a swap that makes the exact inputs first is part of what the payment costs (kept in the journal
        // for MeltResult.fee; the melt's history line keeps its own fee, the swap's line the swap's).
        let swapFee: UInt64
        switch hold?.purpose {
        case .meltExact: swapFee = 0
        case .meltSwap:
            swapFee = try await swapHeldForExactProofs(id, need: need, mint: mint, unit: quote.unit, keyset: keyset)
        default: swapFee = try await prepareExactProofs(need, mint: mint, unit: quote.unit, keyset: keyset)
        }
        let outputLimit = await requestLimit(mint)
        let selector = try await keysetTables(mint).selector(maxInputs: outputLimit)
        // Leased before the journal entry exists, so no recovery pass elsewhere takes it over (Wallet+Leases.swift).
        let claimed = try claim(id)
        defer { release(claimed) }
        step(.planned, .melt)
        let record = try await write { tx -> OperationRecord in
            // Another process may have started paying this quote meanwhile, or prepared a payment of it.
            try self.requireQuoteFree(tx, quoteID, except: hold == nil ? nil : id)
            let selection: ProofSelector.Selection
            if hold?.purpose == .meltExact {
                selection = try selector.selection(of: self.heldInputs(tx, id).proofs)
            } else if hold?.purpose == .meltSwap {
                // The exact proofs its swap made, or nothing: paying from the balance instead could cost more than
                // the figures the payment was confirmed on (another operation took them meanwhile).
                guard let exact = try self.exactHeld(tx, id, selector: selector), exact.total >= need &+ exact.fee
                else {
                    throw WalletError(
                        .expired, "the proofs made for this payment were taken by another operation; nothing was paid")
                }
                selection = exact
            } else {
                // No hold (a prepared payment's hold is `meltExact` or `meltSwap`, above): from the balance.
                let histogram = try selector.histogram(tx, mint: mint, unit: quote.unit)
                let chosen = try selector.selectExact(histogram, amount: need, includingFee: true)
                    ?? selector.select(histogram, atLeast: need)
                guard let loaded = try selector.load(chosen, tx, mint: mint, unit: quote.unit) else {
                    throw WalletError(.insufficientFunds, "not enough \(quote.unit) at \(mint) for \(need) plus fees")
                }
                selection = loaded
            }
            // A prepared payment's inputs whose fee rose since it was prepared may no longer cover it: refused before
            // anything is journaled (nothing is sent; the hold's proofs go back).
            guard selection.total >= need &+ selection.fee else {
                throw WalletError(
                    hold == nil ? .insufficientFunds : .expired,
                    "the inputs no longer cover \(need) plus their fee \(selection.fee); prepare the payment again")
            }
            try tx.setStatus(.pending, Ys: selection.proofs.map(\.Y), operationID: id)
            // NUT-08 sizes blank outputs for the fee reserve; when the inputs overshoot, they must cover all that can
            // come back, or the mint has no outputs for the rest of the change.
            let overpaid = selection.total - selection.fee - quote.amount
            // Within the mint's array limit (a small limit gets back less change than NUT-08 could return).
            let blankCount = min(BlankOutputs.count(forFeeReserve: overpaid), outputLimit)
            let blanks = try self.deterministicOutputs(
                tx, amounts: Array(repeating: 1, count: blankCount), keyset: keyset)
            let request = MeltRequest(
                quote: quoteID, inputs: selection.proofs.map(\.proof),
                outputs: blanks.isEmpty ? nil : blanks.map(\.blindedMessage), preferAsync: preferAsync ? true : nil)
            let journal = MeltJournal(
                quoteID: quoteID, request: request, inputs: selection.proofs.map(\.Y), blankOutputs: blanks,
                amount: quote.amount, feeReserve: quote.feeReserve, inputFee: selection.fee,
                inputTotal: selection.total, swapFee: swapFee > 0 ? swapFee : nil)
            try self.journal(
                tx, id: id, kind: .melt, mint: mint, unit: quote.unit, payload: journal, amount: quote.amount,
                fee: selection.total - quote.amount)
            try self.updateMeltQuote(tx, quoteID, state: .pending, preimage: nil)
            return try self.requireOperation(tx, id)
        }
        step(.journaled, .melt)
        await emitStarted(record)
        return try await resumeMelt(record, firstAttempt: true)
    }

    /// Swaps so that proofs worth exactly `amount` plus their own melt input fee exist, unless they already do.
    /// - Returns: the swap's fee (0 without a swap).
    private func prepareExactProofs(_ amount: UInt64, mint: MintURL, unit: CurrencyUnit, keyset: StoredKeyset)
        async throws(WalletError) -> UInt64
    {
        let selector = try await keysetTables(mint).selector(maxInputs: await requestLimit(mint))
        let histogram = try await read { tx in try selector.histogram(tx, mint: mint, unit: unit) }
        if try selector.selectExact(histogram, amount: amount, includingFee: true) != nil { return 0 }
        let target = try await exactProofTarget(amount, keyset: keyset)
        do {
            return try await swapOwn(target: target, mint: mint, unit: unit, keyset: keyset).fee
        } catch where error.code == .pending {
            // The swap is unsettled, not the payment: nothing was paid, and the quote is still unpaid.
            throw WalletError(
                .pending,
                "nothing was paid: the swap making the exact amount is not settled yet; pay again once recovery has "
                    + "settled it (\(error.reason))",
                mintError: error.mintError, operationID: error.operationID, underlying: error.underlying)
        }
    }

    /// What proofs made for a melt of `amount` must be worth: the amount plus the fee of spending them, on the
    /// active keyset.
    func exactProofTarget(_ amount: UInt64, keyset: StoredKeyset) async throws(WalletError) -> UInt64 {
        var target = amount
        do {
            for _ in 0..<4 {
                let count = try await planner(keyset).exact(target).count
                let next = amount + (try InputFees.fee(ppkPerInput: Array(repeating: keyset.inputFeePPK, count: count)))
                if next == target { break }
                target = next
            }
        } catch {
            throw WalletError(.unsupported, "the amount cannot be made from the keyset's denominations")
        }
        return target
    }

    /// Sends (or re-sends) a journaled melt and settles the answer.
    func resumeMelt(_ operation: OperationRecord, firstAttempt: Bool = false) async throws(WalletError) -> MeltResult {
        let claimed = try claim(operation.id)
        defer { release(claimed) }
        let saga = MeltSaga(
            operationID: operation.id, journal: try Self.decodeJSON(MeltJournal.self, operation.payload),
            firstAttempt: firstAttempt)
        return try await runMelt(operation, saga, from: saga.start()).get()
    }

    /// Learns a melt's fate from the quote state and, when unpaid, its inputs' NUT-07 states.
    func resolveMelt(_ operation: OperationRecord, journal: MeltJournal) async throws(WalletError) -> MeltResult {
        var saga = MeltSaga(operationID: operation.id, journal: journal)
        let first = saga.resolve()
        return try await runMelt(operation, saga, from: first).get()
    }

    /// Runs a melt operation's saga (``MeltSaga``) from `first`: performs each action it asks for and feeds the
    /// result back.
    private func runMelt(_ operation: OperationRecord, _ start: MeltSaga, from first: MeltSaga.Action) async
        -> SagaOutcome<MeltResult>
    {
        var saga = start
        let journal = saga.journal
        let mint = operation.mintURL
        var action = first
        while true {
            switch action {
            case .send(let request):
                do {
                    let response = try await connector(mint).melt(request)
                    step(.answered, .melt)
                    action = saga.handle(.answered(response))
                } catch {
                    action = saga.handle(.requestFailed(error))
                }
            case .fetchQuoteState(let quote):
                do { action = saga.handle(.quoteState(try await connector(mint).meltQuoteState(quote: quote))) } catch {
                    action = saga.handle(.quoteStateFailed(error))
                }
            case .checkInputs(let Ys):
                do { action = saga.handle(.inputStates(try await proofStates(mint, Ys: Ys))) } catch {
                    action = saga.handle(.inputStatesFailed(error))
                }
            case .restoreChange(let outputs):
                do { action = saga.handle(.restored(try await restoreSignatures(mint, outputs: outputs))) } catch {
                    action = saga.handle(.restoreFailed(error))
                }
            case .settlePaid(let change, let preimage):
                do {
                    action = await saga.handle(
                        .settled(try settlePaidMelt(operation, journal: journal, change: change, preimage: preimage)))
                } catch {
                    action = saga.handle(.settleFailed(error))
                }
            case .markPending:
                do {
                    try await write { tx in
                        guard let open = try self.openOperation(tx, operation.id) else { return }
                        try self.markPending(tx, open)
                        try self.updateMeltQuote(tx, journal.quoteID, state: .pending, preimage: nil)
                    }
                    action = saga.handle(.markedPending)
                } catch {
                    action = saga.handle(.writeFailed(error))
                }
            case .close(let spent, let released):
                do {
                    try await closeMelt(operation, journal: journal, spent: spent, released: released)
                    action = saga.handle(.closed)
                } catch {
                    action = saga.handle(.writeFailed(error))
                }
            case .finish(let outcome):
                logMismatch(outcome, operation)
                await emitOutcome(operation.id)
                return outcome
            }
        }
    }

    /// Closes a melt the mint did not pay with these inputs: `spent` ones (spent elsewhere) are marked spent, the
    /// `released` ones this operation still holds go back to unspent, and the quote is unpaid again.
    private func closeMelt(
        _ operation: OperationRecord, journal: MeltJournal, spent: [CompressedPoint], released: [CompressedPoint]
    ) async throws(WalletError) {
        try await write { tx in
            guard let open = try self.openOperation(tx, operation.id) else { return }
            if !spent.isEmpty { try tx.setStatus(.spent, Ys: spent, operationID: operation.id) }
            let held = try tx.proofs(Ys: released).filter { $0.operationID == operation.id }
            if !held.isEmpty { try tx.setStatus(.unspent, Ys: held.map(\.Y), operationID: nil) }
            try self.close(tx, open, state: .failed, history: .failed)
            try self.updateMeltQuote(tx, journal.quoteID, state: .unpaid, preimage: nil)
        }
    }

    /// The open melt of a quote, if one is under way.
    func openMelt(quoteID: String) async throws(WalletError) -> OperationRecord? {
        try await read { tx in try self.openMelt(tx, quoteID: quoteID) }
    }

    nonisolated func openMelt(_ tx: any WalletTransaction, quoteID: String) throws -> OperationRecord? {
        try openOperation(tx, kind: .melt, quoteID: quoteID, journal: MeltJournal.self)
    }

    private func settlePaidMelt(
        _ operation: OperationRecord, journal: MeltJournal, change: [Int: BlindSignature], preimage: String?
    ) async throws(WalletError) -> MeltResult {
        let unblinder = try await unblinder(for: operation.mintURL)
        let proofs: [Proof]
        do { proofs = try unblinder.change(signatures: change, blankOutputs: journal.blankOutputs) } catch {
            throw WalletError(error.code, error.reason, operationID: operation.id)
        }
        let stored = try stored(proofs, mint: operation.mintURL, unit: operation.unit)
        let changeTotal = proofs.reduce(UInt64(0)) { $0 &+ $1.amount }
        let fee =
            journal.inputTotal >= journal.amount + changeTotal ? journal.inputTotal - journal.amount - changeTotal : 0
        let quote = try await settleWrite(operation.id) { tx -> StoredMeltQuote? in
            try tx.addProofs(stored)
            try tx.setStatus(.spent, Ys: journal.inputs, operationID: operation.id)
            let quote = try self.updateMeltQuote(tx, journal.quoteID, state: .paid, preimage: preimage)
            guard let open = try self.openOperation(tx, operation.id) else { return quote }
            try self.close(tx, open, state: .done, history: .done, amount: journal.amount, fee: fee)
            return quote
        }
        step(.settled, .melt)
        let proof = quote?.proofOfPayment ?? .notChecked
        if proof == .mismatch {
            // The funds left either way; the caller learns it from the result (and the stored quote) and decides how
            // to tell the user, so this is a notice, not a second warning; the log keeps the id.
            logger.notice(
                "melt paid, but the preimage does not match the invoice's payment hash",
                metadata: ["quote": "\(journal.quoteID)"])
        }
        return MeltResult(
            operationID: operation.id, state: .paid, amount: journal.amount, fee: journal.paymentFee(fee),
            change: changeTotal,
            paymentPreimage: quote?.paymentPreimage ?? preimage, proofOfPayment: proof)
    }

    /// Records the quote's state (and preimage, when given); returns the quote as saved.
    @discardableResult
    private nonisolated func updateMeltQuote(
        _ tx: any WalletTransaction, _ id: String, state: MeltQuoteState, preimage: String?
    ) throws -> StoredMeltQuote?
    {
        guard var quote = try tx.meltQuote(id: id) else { return nil }
        quote.state = state
        if let preimage { quote.paymentPreimage = preimage }
        quote.updatedAt = Date()
        try tx.saveMeltQuote(quote)
        return quote
    }
}
