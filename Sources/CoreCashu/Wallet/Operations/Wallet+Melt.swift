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
    /// What the payment cost beyond the amount: input fees plus the Lightning fee actually spent.
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
    public func melt(quoteID: String, preferAsync: Bool = false) async throws(WalletError) -> MeltResult {
        guard let quote = try read({ tx in try tx.meltQuote(id: quoteID) }) else {
            throw WalletError(.invalidInput, "no melt quote with this id in the wallet")
        }
        if let open = try openMelt(quoteID: quoteID) {
            // A payment of this quote was started before: learn its fate instead of paying twice (unless it is
            // executing right now, here or in another process).
            let claimed = try claimExclusive(open.id)
            defer { release(claimed) }
            guard let current = try read({ tx in try self.openOperation(tx, open.id) }) else {
                throw WalletError(.quoteState, "the quote's payment just finished; check the history")
            }
            return try await resolveMelt(current, journal: try Self.decodeJSON(MeltJournal.self, current.payload))
        }
        guard quote.state == .unpaid else { throw WalletError(.quoteState, "the quote is \(quote.state)") }
        let mint = quote.mintURL
        let keyset = try await activeKeyset(mint, unit: quote.unit)
        let (need, overflow) = quote.amount.addingReportingOverflow(quote.feeReserve)
        guard !overflow else { throw WalletError(.invalidMintResponse, "the quote's amount and fee reserve overflow") }
        try await prepareExactProofs(need, mint: mint, unit: quote.unit, keyset: keyset)
        let selector = try keysetTables(mint).selector(maxInputs: options.maxInputs)
        let id = OperationID.random()
        // Leased before the journal entry exists, so no recovery pass elsewhere takes it over (Wallet+Leases.swift).
        let claimed = try claim(id)
        defer { release(claimed) }
        step(.planned, .melt)
        let record = try write { tx -> OperationRecord in
            // Another process may have started paying this quote meanwhile.
            if let other = try self.openMelt(tx, quoteID: quoteID) {
                throw WalletError(.pending, "a payment of this quote is already under way", operationID: other.id)
            }
            let candidates = try tx.proofs(mintURL: mint, unit: quote.unit, statuses: [.unspent])
            let chosen = try selector.selectExact(candidates, amount: need, includingFee: true)
                ?? selector.select(candidates, atLeast: need)
            guard let selection = chosen else {
                throw WalletError(.insufficientFunds, "not enough \(quote.unit) at \(mint) for \(need) plus fees")
            }
            try tx.setStatus(.pending, Ys: selection.proofs.map(\.Y), operationID: id)
            // NUT-08 sizes blank outputs for the fee reserve; when the inputs overshoot, they must cover all that can
            // come back, or the mint has no outputs for the rest of the change.
            let overpaid = selection.total - selection.fee - quote.amount
            let blanks = try self.deterministicOutputs(
                tx, amounts: Array(repeating: 1, count: BlankOutputs.count(forFeeReserve: overpaid)), keyset: keyset)
            let request = MeltRequest(
                quote: quoteID, inputs: selection.proofs.map(\.proof),
                outputs: blanks.isEmpty ? nil : blanks.map(\.blindedMessage), preferAsync: preferAsync ? true : nil)
            let journal = MeltJournal(
                quoteID: quoteID, request: request, inputs: selection.proofs.map(\.Y), blankOutputs: blanks,
                amount: quote.amount, feeReserve: quote.feeReserve, inputFee: selection.fee,
                inputTotal: selection.total)
            try self.journal(
                tx, id: id, kind: .melt, mint: mint, unit: quote.unit, payload: journal, amount: quote.amount,
                fee: selection.total - quote.amount)
            try self.updateMeltQuote(tx, quoteID, state: .pending, preimage: nil)
            return try self.requireOperation(tx, id)
        }
        step(.journaled, .melt)
        return try await resumeMelt(record, firstAttempt: true)
    }

    /// Swaps so that proofs worth exactly `amount` plus their own melt input fee exist, unless they already do.
    private func prepareExactProofs(_ amount: UInt64, mint: MintURL, unit: CurrencyUnit, keyset: StoredKeyset)
        async throws(WalletError)
    {
        let selector = try keysetTables(mint).selector(maxInputs: options.maxInputs)
        let candidates = try read { tx in try tx.proofs(mintURL: mint, unit: unit, statuses: [.unspent]) }
        if try selector.selectExact(candidates, amount: amount, includingFee: true) != nil { return }
        // Target: proofs for amount + the fee of spending them, on the active keyset.
        var target = amount
        do {
            for _ in 0..<4 {
                let count = try planner(keyset).exact(target).count
                let next = amount + (try InputFees.fee(ppkPerInput: Array(repeating: keyset.inputFeePPK, count: count)))
                if next == target { break }
                target = next
            }
        } catch {
            throw WalletError(.unsupported, "the amount cannot be made from the keyset's denominations")
        }
        do {
            _ = try await swapOwn(target: target, mint: mint, unit: unit, keyset: keyset)
        } catch where error.code == .pending {
            // The swap is unsettled, not the payment: nothing was paid, and the quote is still unpaid.
            throw WalletError(
                .pending,
                "nothing was paid: the swap making the exact amount is not settled yet; pay again once recovery has "
                    + "settled it (\(error.reason))",
                mintError: error.mintError, operationID: error.operationID, underlying: error.underlying)
        }
    }

    /// Sends (or re-sends) a journaled melt and settles the answer.
    func resumeMelt(_ operation: OperationRecord, firstAttempt: Bool = false) async throws(WalletError) -> MeltResult {
        let claimed = try claim(operation.id)
        defer { release(claimed) }
        let journal = try Self.decodeJSON(MeltJournal.self, operation.payload)
        let response: MeltQuoteResponse
        do {
            response = try await connector(operation.mintURL).melt(journal.request)
        } catch let error where error.code == .unreachable && firstAttempt {
            try failOperation(operation.id, release: journal.inputs)
            try write { tx in _ = try self.updateMeltQuote(tx, journal.quoteID, state: .unpaid, preimage: nil) }
            throw WalletError.mint(error)
        } catch let error where error.code == .mintRefused {
            // Refused — but some refusals (pending, already spent) mean an earlier attempt got through: the quote
            // and the inputs' states decide, and the mint's own error is what the caller sees when it failed.
            do {
                return try await resolveMelt(operation, journal: journal)
            } catch let resolved {
                // Settled as failed, the proofs released: the refusal is the answer, with no operation id (an id
                // marks an operation left open).
                guard isOpen(operation.id) else { throw WalletError.mint(error) }
                throw reportAfterRefusal(resolved, refusal: error, operation: operation.id)
            }
        } catch {
            throw WalletError.mint(error, operationID: operation.id)
        }
        step(.answered, .melt)
        return try await settleMelt(operation, journal: journal, response: response, ownAnswer: true)
    }

    /// Learns a melt's fate from the quote state and, when unpaid, its inputs' NUT-07 states.
    func resolveMelt(_ operation: OperationRecord, journal: MeltJournal) async throws(WalletError) -> MeltResult {
        let response: MeltQuoteResponse
        do { response = try await connector(operation.mintURL).meltQuoteState(quote: journal.quoteID) } catch {
            throw WalletError.mint(error, operationID: operation.id)
        }
        return try await settleMelt(operation, journal: journal, response: response, ownAnswer: false)
    }

    /// Settles a melt from the mint's answer. `ownAnswer` is the answer to this operation's own request; a quote's
    /// state fetched later may describe another payment of the same quote, so then NUT-07 must confirm that this
    /// operation's inputs were the ones spent.
    private func settleMelt(
        _ operation: OperationRecord, journal: MeltJournal, response: MeltQuoteResponse, ownAnswer: Bool
    ) async throws(WalletError) -> MeltResult {
        switch response.state {
        case .paid:
            if !ownAnswer {
                let states: [CompressedPoint: ProofState.State]
                do { states = try await proofStates(operation.mintURL, Ys: journal.inputs) } catch {
                    throw WalletError.mint(error, operationID: operation.id)
                }
                if journal.inputs.contains(where: { states[$0] != .spent }) {
                    try finishUnpaidMelt(operation, journal: journal, states: states)
                }
            }
            var change = Dictionary(uniqueKeysWithValues: (response.change ?? []).enumerated().map { ($0, $1) })
            if response.change == nil && !journal.blankOutputs.isEmpty {
                // The answer carried no change (or was lost): the blank outputs' signatures come back by NUT-09,
                // matched by `B_`, so a signed subset pairs with the right blanks.
                do {
                    change = try await restoreSignatures(operation.mintURL, outputs: journal.blankOutputs)
                } catch {
                    throw WalletError.mint(error, operationID: operation.id)
                }
            }
            return try settlePaidMelt(operation, journal: journal, change: change, preimage: response.paymentPreimage)
        case .pending:
            try write { tx in
                guard let open = try self.openOperation(tx, operation.id) else { return }
                try self.markPending(tx, open)
                try self.updateMeltQuote(tx, journal.quoteID, state: .pending, preimage: nil)
            }
            return MeltResult(
                operationID: operation.id, state: .pending, amount: journal.amount,
                fee: journal.inputTotal - journal.amount, change: 0, paymentPreimage: nil)
        default:
            // Unpaid: only the inputs' own states say whether the mint let go of them.
            let states: [CompressedPoint: ProofState.State]
            do { states = try await proofStates(operation.mintURL, Ys: journal.inputs) } catch {
                throw WalletError.mint(error, operationID: operation.id)
            }
            try finishUnpaidMelt(operation, journal: journal, states: states)
        }
    }

    /// Closes a melt the mint did not pay with these inputs: spent ones (spent elsewhere) are marked spent, unspent
    /// ones released. While any input is pending at the mint, nothing moves.
    private func finishUnpaidMelt(
        _ operation: OperationRecord, journal: MeltJournal, states: [CompressedPoint: ProofState.State]
    ) throws(WalletError) -> Never {
        guard !journal.inputs.contains(where: { states[$0] == .pending || !(states[$0]?.isKnown ?? false) }) else {
            throw WalletError(.pending, "the melt's inputs are still pending at the mint", operationID: operation.id)
        }
        let spent = journal.inputs.filter { states[$0] == .spent }
        let unspent = journal.inputs.filter { states[$0] == .unspent }
        // A melt is atomic: every input spent means it went through, whatever the quote says (a mint lagging or
        // lying); the operation stays open until the quote agrees. A mix means someone else spent some of them.
        guard !unspent.isEmpty else {
            throw WalletError(
                .pending, "the melt's inputs are spent but the quote is not paid; will check again",
                operationID: operation.id)
        }
        try write { tx in
            guard let open = try self.openOperation(tx, operation.id) else { return }
            if !spent.isEmpty { try tx.setStatus(.spent, Ys: spent, operationID: operation.id) }
            if !unspent.isEmpty { try tx.setStatus(.unspent, Ys: unspent, operationID: nil) }
            try self.close(tx, open, state: .failed, history: .failed)
            try self.updateMeltQuote(tx, journal.quoteID, state: .unpaid, preimage: nil)
        }
        throw WalletError(.mintRefused, "the payment did not go through; the proofs were released", operationID: operation.id)
    }

    /// The open melt of a quote, if one is under way.
    func openMelt(quoteID: String) throws(WalletError) -> OperationRecord? {
        try read { tx in try self.openMelt(tx, quoteID: quoteID) }
    }

    func openMelt(_ tx: any WalletTransaction, quoteID: String) throws -> OperationRecord? {
        try openOperation(tx, kind: .melt, quoteID: quoteID, journal: MeltJournal.self)
    }

    private func settlePaidMelt(
        _ operation: OperationRecord, journal: MeltJournal, change: [Int: BlindSignature], preimage: String?
    ) throws(WalletError) -> MeltResult {
        let unblinder = try unblinder(for: operation.mintURL)
        let proofs: [Proof]
        do { proofs = try unblinder.change(signatures: change, blankOutputs: journal.blankOutputs) } catch {
            throw WalletError(error.code, error.reason, operationID: operation.id)
        }
        let stored = try stored(proofs, mint: operation.mintURL, unit: operation.unit)
        let changeTotal = proofs.reduce(UInt64(0)) { $0 &+ $1.amount }
        let fee = journal.inputTotal >= journal.amount + changeTotal ? journal.inputTotal - journal.amount - changeTotal : 0
        let quote = try settleWrite(operation.id) { tx -> StoredMeltQuote? in
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
            operationID: operation.id, state: .paid, amount: journal.amount, fee: fee, change: changeTotal,
            paymentPreimage: quote?.paymentPreimage ?? preimage, proofOfPayment: proof)
    }

    /// Records the quote's state (and preimage, when given); returns the quote as saved.
    @discardableResult
    private func updateMeltQuote(_ tx: any WalletTransaction, _ id: String, state: MeltQuoteState, preimage: String?)
        throws -> StoredMeltQuote?
    {
        guard var quote = try tx.meltQuote(id: id) else { return nil }
        quote.state = state
        if let preimage { quote.paymentPreimage = preimage }
        quote.updatedAt = Date()
        try tx.saveMeltQuote(quote)
        return quote
    }
}
