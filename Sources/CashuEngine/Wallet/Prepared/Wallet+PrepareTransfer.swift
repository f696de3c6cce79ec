// Wallet: preparing a transfer between mints — both quotes and the source's payment held, before anything moves.

extension Wallet {
    /// Prepares moving `amount` from one mint to another: quotes it (a mint quote at `to`, a melt quote of its
    /// invoice at `from`) and holds the source's proofs for the payment (``preparePayment(quoteID:holdFor:)``).
    /// Nothing moves until ``PreparedTransfer/confirm(mintWait:)``.
    /// - Parameters:
    ///   - amount: what arrives at `to`; `nil` moves as much as `from` holds once the fees are paid.
    ///   - from: the mint the sats leave (it pays the invoice).
    ///   - to: the mint they arrive at (it mints them).
    ///   - unit: the unit at both mints.
    ///   - holdFor: how long the proofs stay held unconfirmed (`WalletOptions.preparedHold` when `nil`).
    /// - Throws: ``WalletError``: `insufficientFunds` when `from` cannot pay the amount and its fees, and what
    ///   quoting and ``preparePayment(quoteID:holdFor:)`` throw.
    public func prepareTransfer(
        amount: UInt64?, from: MintURL, to: MintURL, unit: CurrencyUnit = .sat, holdFor: Duration? = nil
    ) async throws(WalletError) -> PreparedTransfer {
        let quote =
            if let amount {
                try await transferQuote(amount: amount, from: from, to: to, unit: unit)
            } else {
                try await transferAllQuote(from: from, to: to, unit: unit)
            }
        return try await prepareTransfer(quote, holdFor: holdFor)
    }

    /// Prepares the transfer `quote` describes (from `transferQuote(amount:from:to:unit:)` or
    /// `transferAllQuote(from:to:unit:)`): holds the source's proofs for its payment.
    package func prepareTransfer(_ quote: TransferQuote, holdFor: Duration? = nil) async throws(WalletError)
        -> PreparedTransfer
    {
        let payment = try await preparePayment(quoteID: quote.meltQuote.id, holdFor: holdFor)
        var quote = quote
        quote.inputFeeEstimate = payment.inputFee
        return PreparedTransfer(quote: quote, payment: payment)
    }

    /// Runs a prepared transfer: journals it with the held payment as its melt.
    func confirm(_ prepared: PreparedTransfer, mintWait: Duration) async throws(WalletError) -> TransferResult {
        let id = prepared.payment.operationID
        try takeHold(id, of: prepared.payment.wallet)
        defer { release(id) }
        do {
            return try await transfer(prepared.quote, mintWait: mintWait, heldMelt: id)
        } catch {
            await releaseHoldOrRetry(id, because: error.code == .expired ? .expired : .refused)
            throw error
        }
    }
}
