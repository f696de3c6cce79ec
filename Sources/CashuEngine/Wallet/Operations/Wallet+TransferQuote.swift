// Wallet: quoting a transfer between mints — a mint quote at the destination, a melt quote at the source for its
// invoice, and the input fees the payment will cost (docs/architecture.md, "Transfers").

import Foundation

extension Wallet {
    /// Quotes moving `amount` from one mint to another: asks `to` for an invoice of `amount` and `from` for a quote
    /// paying it. Nothing moves; show `TransferQuote/most` and call ``transfer(_:mintWait:)`` to go on.
    /// - Throws: ``WalletError`` (`invalidInput` for the same mint twice, `unknownMint`, `insufficientFunds` when
    ///   `from` cannot pay the amount and its fees, `unsupported`, `mintRefused`, `mintUnreachable`,
    ///   `invalidMintResponse` when the source's quote is not for the amount).
    package func transferQuote(amount: UInt64, from: MintURL, to: MintURL, unit: CurrencyUnit = .sat)
        async throws(WalletError) -> TransferQuote
    {
        let quote = try await quoteTransfer(amount: amount, from: from, to: to, unit: unit)
        let balance = try await balance(mint: from, unit: unit)
        guard quote.most <= balance else {
            throw WalletError(
                .insufficientFunds,
                "\(from) holds \(balance) \(unit); moving \(amount) costs up to \(quote.most) with fees")
        }
        return quote
    }

    /// Quotes moving everything the wallet holds at `from` (in `unit`) to `to`: the amount is the balance less the
    /// fee reserve and input fees, quoted again (at most four times) until it fits.
    /// - Throws: as `transferQuote(amount:from:to:unit:)`; `insufficientFunds` when the fees take it all.
    package func transferAllQuote(from: MintURL, to: MintURL, unit: CurrencyUnit = .sat) async throws(WalletError)
        -> TransferQuote
    {
        let balance = try await balance(mint: from, unit: unit)
        let all = try await read { tx in try tx.proofBuckets(mintURL: from, unit: unit, status: .unspent) }
        let allFee = try await keysetTables(from).selector(maxInputs: Int.max).fee(of: all)
        var amount = balance > allFee ? balance - allFee : 0
        var best: TransferQuote?
        for _ in 0..<4 {
            guard amount > 0 else { break }
            let quote = try await quoteTransfer(amount: amount, from: from, to: to, unit: unit)
            if quote.most <= balance {
                // It fits; one more round tries what it leaves over (an estimate can overshoot).
                if best.map({ quote.amount > $0.amount }) ?? true { best = quote }
                guard quote.most < balance, best?.amount == quote.amount else { break }
                amount += balance - quote.most
            } else {
                let over = quote.most - balance
                if best != nil { break }
                amount = amount > over ? amount - over : 0
            }
        }
        guard let best else {
            throw WalletError(.insufficientFunds, "the fees of moving \(balance) \(unit) from \(from) take all of it")
        }
        return best
    }

    private func quoteTransfer(amount: UInt64, from: MintURL, to: MintURL, unit: CurrencyUnit)
        async throws(WalletError) -> TransferQuote
    {
        guard from != to else { throw WalletError(.invalidInput, "a transfer needs two different mints") }
        guard amount > 0 else { throw WalletError(.invalidInput, "the amount must be positive") }
        try await requireMint(from)
        try await requireMint(to)
        let mintQuote = try await requestMintQuote(amount: amount, mint: to, unit: unit)
        let meltQuote = try await self.meltQuote(request: mintQuote.request, mint: from, unit: unit)
        guard meltQuote.amount == amount else {
            throw WalletError(
                .invalidMintResponse, "\(from) quotes \(meltQuote.amount) \(unit) for an invoice of \(amount)")
        }
        let (need, overflow) = amount.addingReportingOverflow(meltQuote.feeReserve)
        guard !overflow else { throw WalletError(.invalidMintResponse, "the quote's amount and fee reserve overflow") }
        let inputFee = try await meltInputFeeEstimate(need, mint: from, unit: unit)
        return TransferQuote(
            from: from, to: to, unit: unit, amount: amount, mintQuote: mintQuote, meltQuote: meltQuote,
            inputFeeEstimate: inputFee)
    }

    /// The input fees a melt of `need` (amount + fee reserve) costs with the proofs held now: those of an exact
    /// selection, else those of the swap that makes exact proofs plus the exact proofs' own. When the proofs held
    /// cannot cover that, the estimate is for a swap spending all of them, so that need + estimate exceeds what is
    /// held by how much is missing.
    func meltInputFeeEstimate(_ need: UInt64, mint: MintURL, unit: CurrencyUnit) async throws(WalletError) -> UInt64 {
        let keyset = try await activeKeyset(mint, unit: unit)
        let selector = try await keysetTables(mint).selector(maxInputs: await requestLimit(mint))
        let (histogram, all) = try await read { tx in
            (try selector.histogram(tx, mint: mint, unit: unit),
             try tx.proofBuckets(mintURL: mint, unit: unit, status: .unspent))
        }
        if let exact = try selector.selectExact(histogram, amount: need, includingFee: true) { return exact.fee }
        let target = try await exactProofTarget(need, keyset: keyset)
        let swapFee: UInt64
        if let swap = try selector.select(histogram, atLeast: target) {
            swapFee = swap.fee
        } else {
            swapFee = try selector.fee(of: all)
        }
        return swapFee &+ (target - need)
    }
}
