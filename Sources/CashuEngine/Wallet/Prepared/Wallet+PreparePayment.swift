// Wallet: preparing a Lightning payment (NUT-05/23) — the quote, the proofs held, every fee, before anything is paid.

import Foundation

extension Wallet {
    /// Asks `mint` to quote `request` (a bolt11 invoice) and prepares its payment
    /// (``preparePayment(quoteID:holdFor:)``).
    /// - Throws: ``WalletError`` as `meltQuote(request:mint:unit:)` and ``preparePayment(quoteID:holdFor:)``.
    public func preparePay(request: String, mint: MintURL, unit: CurrencyUnit = .sat, holdFor: Duration? = nil)
        async throws(WalletError) -> PreparedPayment
    {
        let quote = try await meltQuote(request: request, mint: mint, unit: unit)
        return try await preparePayment(quoteID: quote.id, holdFor: holdFor)
    }

    /// Prepares the payment of melt quote `quoteID`: holds proofs covering its amount, fee reserve and input fees,
    /// and states them, paying nothing until ``PreparedPayment/confirm(preferAsync:)``.
    /// - Parameters:
    ///   - quoteID: the melt quote, in the wallet (`meltQuote(request:mint:unit:)`).
    ///   - holdFor: how long the proofs stay held unconfirmed (`WalletOptions.preparedHold` when `nil`; never past
    ///     the quote's expiry).
    /// - Throws: ``WalletError`` (`invalidInput` for an unknown quote, `quoteState`, `insufficientFunds`, `pending`
    ///   when the quote is being paid or is prepared already).
    public func preparePayment(quoteID: String, holdFor: Duration? = nil) async throws(WalletError)
        -> PreparedPayment
    {
        guard let quote = try await read({ tx in try tx.meltQuote(id: quoteID) }) else {
            throw WalletError(.invalidInput, "no melt quote with this id in the wallet")
        }
        guard quote.state == .unpaid else { throw WalletError(.quoteState, "the quote is \(quote.state)") }
        let mint = quote.mintURL
        let keyset = try await activeKeyset(mint, unit: quote.unit)
        let (need, overflow) = quote.amount.addingReportingOverflow(quote.feeReserve)
        guard !overflow else { throw WalletError(.invalidMintResponse, "the quote's amount and fee reserve overflow") }
        let selector = try await keysetTables(mint).selector(maxInputs: await requestLimit(mint))
        let target = try await exactProofTarget(need, keyset: keyset)
        var expiresAt = Date().addingTimeInterval(Self.seconds(holdFor ?? options.preparedHold))
        if let expiry = quote.expiry, expiry > 0, expiry < UInt64(Int64.max) {
            expiresAt = min(expiresAt, Date(timeIntervalSince1970: TimeInterval(expiry)))
        }
        guard expiresAt > Date() else { throw WalletError(.quoteState, "the quote has expired") }
        let id = OperationID.random()
        // Leased before the hold is journaled, and kept while it lasts: no recovery pass elsewhere releases it.
        let claimed = try claim(id)
        var holding = false
        defer { if !holding { release(claimed) } }
        step(.planned, .melt)
        let (unit, until) = (quote.unit, expiresAt)
        let plan = try await withConsolidation(covering: target, mint: mint, unit: unit) {
            () async throws(WalletError) -> (fee: UInt64, reserved: UInt64, swaps: Bool) in
            try await write { tx -> (fee: UInt64, reserved: UInt64, swaps: Bool) in
                try self.requireQuoteFree(tx, quoteID)
                let histogram = try selector.histogram(tx, mint: mint, unit: unit)
                if let exact = try selector.load(
                    try selector.selectExact(histogram, amount: need, includingFee: true), tx, mint: mint, unit: unit)
                {
                    try self.placeHold(
                        tx, id: id, kind: .melt, mint: mint, unit: unit,
                        HoldJournal(
                            purpose: .meltExact, inputs: exact.proofs.map(\.Y), expiresAt: until, quoteID: quoteID))
                    return (exact.fee, exact.total, false)
                }
                let chosen = try selector.select(histogram, atLeast: target)
                guard let swap = try selector.load(chosen, tx, mint: mint, unit: unit) else {
                    throw WalletError(.insufficientFunds, "not enough \(unit) at \(mint) for \(need) plus fees")
                }
                try self.placeHold(
                    tx, id: id, kind: .melt, mint: mint, unit: unit,
                    HoldJournal(purpose: .meltSwap, inputs: swap.proofs.map(\.Y), expiresAt: until, quoteID: quoteID))
                // The swap's fee, then the exact proofs' own melt input fee (target - need).
                return (swap.fee &+ (target - need), swap.total, true)
            }
        }
        holding = true
        startHoldTimer(id, expiresAt: expiresAt)
        step(.held, .melt)
        emit(
            .operationPrepared(
                WalletOperationEvent(
                    id: id, kind: .melt, mint: mint, unit: unit, amount: quote.amount,
                    fee: quote.feeReserve &+ plan.fee)))
        await emitBalance(mint, unit: unit)
        return PreparedPayment(
            operationID: id, mint: mint, unit: unit, quote: quote, inputFee: plan.fee, swaps: plan.swaps,
            reserved: plan.reserved, expiresAt: expiresAt, wallet: self)
    }

    /// Refuses a quote that a melt is paying or a prepared payment (other than `hold`) holds.
    nonisolated func requireQuoteFree(_ tx: any WalletTransaction, _ quoteID: String, except hold: OperationID? = nil)
        throws
    {
        if let other = try openMelt(tx, quoteID: quoteID) {
            throw WalletError(.pending, "a payment of this quote is already under way", operationID: other.id)
        }
        for held in try tx.unfinishedOperations()
        where held.kind == .melt && held.state == .awaitingConfirmation && held.id != hold {
            if (try? Self.decodeJSON(HoldJournal.self, held.payload))?.quoteID == quoteID {
                throw WalletError(.pending, "a payment of this quote is prepared already", operationID: held.id)
            }
        }
    }

    /// Pays a prepared payment with its held proofs.
    func confirm(_ prepared: PreparedPayment, preferAsync: Bool) async throws(WalletError) -> MeltResult {
        let id = prepared.operationID
        try takeHold(id, of: prepared.wallet)
        defer { release(id) }
        do {
            return try await melt(
                quoteID: prepared.quote.id, preferAsync: preferAsync, operationID: id, confirmingHold: true)
        } catch {
            // Refused before its journal entry was written (a no-op after): the held proofs go back.
            await releaseHoldOrRetry(id, because: error.code == .expired ? .expired : .refused)
            throw error
        }
    }

    /// Swaps what hold `id` holds into proofs of exactly `need` plus their own input fee (and change), for the melt
    /// that confirms it.
    /// - Returns: the swap's fee.
    func swapHeldForExactProofs(
        _ id: OperationID, need: UInt64, mint: MintURL, unit: CurrencyUnit, keyset: StoredKeyset
    ) async throws(WalletError) -> UInt64 {
        let held = try await read { tx in try self.reservedProofs(tx, heldBy: id) }
        let target = try await exactProofTarget(need, keyset: keyset)
        let outcome: SwapOutcome
        do {
            outcome = try await swapOwn(
                inputs: held, mint: mint, unit: unit, keyset: keyset, from: .reserved, heldBy: id, exactly: target)
        } catch where error.code == .pending {
            throw WalletError(
                .pending,
                "nothing was paid: the swap making the exact amount is not settled yet; pay again once recovery has "
                    + "settled it (\(error.reason))",
                mintError: error.mintError, operationID: error.operationID, underlying: error.underlying)
        }
        // The exact proofs are the hold's again at once, so that no other operation takes them before the melt
        // (which pays with them) and the melt spends no more than was prepared. One already taken (between the
        // swap's settlement and this write) makes the melt refuse: nothing is paid, the hold is released.
        var wanted = try await exactAmounts(target, keyset: keyset)
        let exact = outcome.kept.filter { proof in
            guard let index = wanted.firstIndex(of: proof.amount) else { return false }
            wanted.remove(at: index)
            return true
        }
        try await write { tx in
            _ = try self.heldRecord(tx, id)
            let free = try tx.proofs(Ys: exact.map(\.Y)).filter { $0.status == .unspent }
            if !free.isEmpty { try tx.setStatus(.reserved, Ys: free.map(\.Y), operationID: id) }
        }
        return outcome.fee
    }

    /// The amounts of the exact proofs for `target` on `keyset`.
    private func exactAmounts(_ target: UInt64, keyset: StoredKeyset) async throws(WalletError) -> [UInt64] {
        do { return try await planner(keyset).exact(target) } catch {
            throw WalletError(.invalidMintResponse, "the keyset cannot make \(target)", underlying: error)
        }
    }

    /// The hold under `id` that a melt confirms.
    /// - Throws: ``WalletError`` `expired` when the hold is no longer there to confirm (nothing is paid then).
    func meltHold(_ id: OperationID, quoteID: String) async throws(WalletError) -> HoldJournal {
        let found = try await read { tx -> (OperationRecord, HoldJournal?)? in
            guard let record = try tx.operation(id: id) else { return nil }
            return (record, try? Self.decodeJSON(HoldJournal.self, record.payload))
        }
        guard let (record, hold) = found, record.state == .awaitingConfirmation, let hold, hold.quoteID == quoteID,
            !hold.isExpired()
        else {
            throw WalletError(.expired, "the prepared payment was cancelled or has lapsed; nothing was paid")
        }
        return hold
    }
}
