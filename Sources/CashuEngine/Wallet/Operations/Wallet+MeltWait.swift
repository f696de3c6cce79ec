// Wallet: waiting for a pending melt (NUT-05 PENDING, e.g. after `prefer_async`) to settle — paid or failed.

extension Wallet {
    /// Waits until the pending payment of a melt quote settles, and settles it in the wallet.
    ///
    /// Through the NUT-17 transport when the wallet has one and the mint offers `bolt11_melt_quote` for the melt's
    /// unit, else by polling. Each check is the same settlement `melt(quoteID:preferAsync:)` and ``check(mint:)``
    /// use (quote state over HTTP, then the inputs' NUT-07 states): a notification alone never settles anything.
    /// - Parameters:
    ///   - quoteID: the melt quote whose payment is under way.
    ///   - timeout: how long to wait.
    /// - Returns: the settled melt (state `paid`, with its change stored).
    /// - Throws: ``WalletError`` `mintRefused` when the payment failed (the proofs were released), `pending` when it
    ///   is still in flight at the deadline or the mint kept refusing to say how it went (recovery and
    ///   ``check(mint:)`` settle it later; the proofs stay held), `invalidInput` when no payment of the quote is under
    ///   way, `cancelled`.
    package func waitForMelt(quoteID: String, timeout: Duration = .seconds(600)) async throws(WalletError)
        -> MeltResult
    {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        guard let quote = try await read({ tx in try tx.meltQuote(id: quoteID) }) else {
            throw WalletError(.invalidInput, "no melt quote with this id in the wallet")
        }
        guard let open = try await openMelt(quoteID: quoteID) else {
            throw WalletError(.invalidInput, "no payment of this quote is under way (the quote is \(quote.state))")
        }
        let id = open.id
        let journal = try Self.decodeJSON(MeltJournal.self, open.payload)
        let subscription = await subscription(.bolt11MeltQuote, mint: open.mintURL, unit: open.unit, filters: [quoteID])
        let result: MeltResult?
        do {
            result = try await waitForSettlement(
                subscription: subscription, until: deadline,
                isHint: { payload in
                    guard case .meltQuote(let quote) = payload, quote.quote == quoteID else { return false }
                    return quote.state != .pending
                },
                check: { [self] () async throws(WalletError) -> MeltResult? in
                    try await self.settleMeltIfDone(id, journal: journal)
                })
        } catch where error.code == .mintRefused && error.underlying is MintClientError {
            // The mint refused a check (the quote's state, NUT-07, NUT-09), not the payment: nothing is decided,
            // and "refused" must not read as "failed, proofs released".
            throw WalletError(
                .pending, "the mint refused to say how the payment went; it stays pending (\(error.reason))",
                mintError: error.mintError, operationID: id, underlying: error.underlying)
        }
        guard let result else {
            throw WalletError(.pending, "the payment is still pending at the mint", operationID: id)
        }
        return result
    }

    /// One check of a melt: its result once paid, `nil` while it is pending (or being executed elsewhere).
    /// - Throws: ``WalletError`` `mintRefused` when the payment failed and the proofs were released.
    private func settleMeltIfDone(_ id: OperationID, journal: MeltJournal) async throws(WalletError) -> MeltResult? {
        let claimed: OperationID?
        do { claimed = try claimExclusive(id) } catch where error.code == .pending { return nil }
        defer { release(claimed) }
        guard let operation = try await read({ tx in try self.openOperation(tx, id) }) else {
            return try await settledElsewhere(id, journal: journal)
        }
        do {
            let result = try await resolveMelt(operation, journal: journal)
            return result.state == .paid ? result : nil
        } catch where error.code == .pending {
            return nil
        }
    }

    /// The outcome of a melt another call or process settled meanwhile, read from its history line.
    private func settledElsewhere(_ id: OperationID, journal: MeltJournal) async throws(WalletError) -> MeltResult? {
        let quoteID = journal.quoteID
        let (entry, quote) = try await read { tx in (try tx.historyEntry(id: id), try tx.meltQuote(id: quoteID)) }
        guard let entry else { return nil }
        switch entry.state {
        case .done:
            let spent = journal.amount + entry.fee
            return MeltResult(
                operationID: id, state: .paid, amount: entry.amount, fee: journal.paymentFee(entry.fee),
                change: journal.inputTotal > spent ? journal.inputTotal - spent : 0,
                paymentPreimage: quote?.paymentPreimage, proofOfPayment: quote?.proofOfPayment ?? .notChecked)
        case .failed:
            throw WalletError(.mintRefused, "the payment did not go through; the proofs were released", operationID: id)
        case .pending:
            return nil
        }
    }
}
