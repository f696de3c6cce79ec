// Wallet: melt quotes (NUT-05/23) — what paying a bolt11 invoice will cost.

import Foundation

extension Wallet {
    /// Asks a mint what paying `request` (a bolt11 invoice) costs.
    /// - Throws: ``WalletError`` (`unknownMint`, `unsupported`, `mintRefused`, `mintUnreachable`).
    package func meltQuote(request: String, mint: MintURL, unit: CurrencyUnit = .sat) async throws(WalletError)
        -> StoredMeltQuote
    {
        try await requireMint(mint)
        let trimmed = request.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 8192 else {
            throw WalletError(.invalidInput, "the payment request is empty or too long")
        }
        let capabilities = try await capabilities(of: mint)
        if capabilities.meltSetting(unit: unit) == nil
            && (!capabilities.meltMethods.isEmpty || capabilities.meltDisabled)
        {
            throw WalletError(.unsupported, "mint \(mint) does not melt \(unit) over bolt11")
        }
        let response: MeltQuoteResponse
        do {
            response = try await connector(mint).meltQuote(MeltQuoteBolt11Request(request: trimmed, unit: unit))
        } catch { throw WalletError.mint(error) }
        if let answered = response.unit, answered != unit {
            throw WalletError(.invalidMintResponse, "the quote is in \(answered), not \(unit)")
        }
        // A mint quoting more than the invoice asks would keep the difference.
        let invoiced: UInt64? =
            switch unit {
            case .sat: Bolt11Amount.satoshis(trimmed)
            case .msat: Bolt11Amount.millisatoshis(trimmed)
            default: nil
            }
        if let invoiced, response.amount != invoiced {
            throw WalletError(
                .invalidMintResponse, "the quote asks \(response.amount) \(unit) for an invoice of \(invoiced)")
        }
        // A reserve no wallet could hold (the sum overflows, or beyond 21M BTC in msat) is a broken or hostile answer.
        let reserve = response.feeReserve ?? 0
        let (total, overflow) = response.amount.addingReportingOverflow(reserve)
        guard !overflow, total <= 2_100_000_000_000_000_000 else {
            throw WalletError(.invalidMintResponse, "the quote's amount and fee reserve are beyond any balance")
        }
        let quote = StoredMeltQuote(
            id: response.quote, mintURL: mint, unit: unit, request: trimmed, amount: response.amount,
            feeReserve: response.feeReserve ?? 0, state: response.state, expiry: response.expiry,
            paymentPreimage: response.paymentPreimage)
        try await write { tx in try tx.saveMeltQuote(quote) }
        return quote
    }

    /// The wallet's melt quotes, newest first.
    public func meltQuotes(mint: MintURL? = nil) async throws(WalletError) -> [StoredMeltQuote] {
        try await read { tx in try tx.meltQuotes(mintURL: mint) }
    }

    /// The quote a melt paid, found through its journal (`QuoteReference`); `nil` when `operation` is not a melt the
    /// wallet has, or was closed before closed operations kept their quote.
    /// - Parameter operation: the melt's id, as in its activity line (``ActivityEntry/id``).
    public func meltQuote(operation: OperationID) async throws(WalletError) -> StoredMeltQuote? {
        try await read { tx in
            guard let record = try tx.operation(id: operation), record.kind == .melt,
                let reference = try? Self.decodeJSON(QuoteReference.self, record.payload)
            else { return nil }
            return try tx.meltQuote(id: reference.quoteID)
        }
    }

    /// What the melt of history line `entry` cost beyond its amount: once done, its line's fee plus the fee of a
    /// swap that made its exact inputs first (as `MeltResult.fee` says); before, the line's fee.
    package func paidMeltFee(of entry: HistoryEntry) async throws(WalletError) -> UInt64 {
        guard entry.state == .done else { return entry.fee }
        return MeltJournal.paymentFee(entry.fee, swapFee: try await read { tx in try self.swapFee(tx, entry.id) })
    }

    /// What settled melt `id` cost beyond its amount (``paidMeltFee(of:)``); `nil` unless its line is done.
    nonisolated func paidMeltFee(_ tx: any WalletTransaction, _ id: OperationID) throws -> UInt64? {
        guard let entry = try tx.historyEntry(id: id), entry.state == .done else { return nil }
        return MeltJournal.paymentFee(entry.fee, swapFee: try swapFee(tx, id))
    }

    /// The fee of the swap that made melt `id`'s exact inputs first, from its journal (open) or the quote reference
    /// it keeps (closed); `nil` without one.
    private nonisolated func swapFee(_ tx: any WalletTransaction, _ id: OperationID) throws -> UInt64? {
        guard let record = try tx.operation(id: id), record.kind == .melt else { return nil }
        return (try? Self.decodeJSON(QuoteReference.self, record.payload))?.swapFee
    }
}
