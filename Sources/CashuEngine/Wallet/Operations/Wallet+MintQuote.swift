// Wallet: mint quotes (NUT-04/23), locked with a fresh NUT-20 key per quote when the mint supports it.

import Foundation

extension Wallet {
    /// Asks a mint for a bolt11 invoice to mint `amount`.
    ///
    /// When the mint supports NUT-20 (and `WalletOptions.lockMintQuotes`), a fresh key locks the quote; its
    /// private half is saved in the secure store before the request leaves, so a paid quote can always be minted.
    /// - Throws: ``WalletError`` (`unknownMint`, `unsupported`, `mintRefused`, `mintUnreachable`, `secureStore`).
    public func requestMintQuote(
        amount: UInt64, mint: MintURL, unit: CurrencyUnit = .sat, description: String? = nil
    ) async throws(WalletError) -> StoredMintQuote {
        guard amount > 0 else { throw WalletError(.invalidInput, "the amount must be positive") }
        // Refuses a mint the wallet does not know (`unknownMint`), as `requireMint` would: one read for both.
        let capabilities = try await capabilities(of: mint)
        if let setting = capabilities.mintSetting(unit: unit) {
            guard setting.accepts(amount: amount) else {
                throw WalletError(.unsupported, "mint \(mint) does not mint \(amount) \(unit) (outside its limits)")
            }
        } else if !capabilities.mintMethods.isEmpty || capabilities.mintDisabled {
            throw WalletError(.unsupported, "mint \(mint) does not mint \(unit) over bolt11")
        }
        var pubkey: Point?
        if options.lockMintQuotes && capabilities.supports(nut: 20) {
            // Derived from the seed (a fresh counter per quote, so the mint cannot link them): a wallet restored
            // from its phrase can still sign for the quote.
            pubkey = try await nextLockingKey(.quote).publicKey
        }
        let request = MintQuoteBolt11Request(amount: amount, unit: unit, description: description, pubkey: pubkey)
        let response: MintQuoteBolt11Response
        do { response = try await connector(mint).mintQuote(request) } catch { throw WalletError.mint(error) }
        if let answered = response.amount, answered != amount {
            throw WalletError(.invalidMintResponse, "the quote is for \(answered), not \(amount)")
        }
        if let answered = response.unit, answered != unit {
            throw WalletError(.invalidMintResponse, "the quote is in \(answered), not \(unit)")
        }
        // The invoice must ask for what the quote mints (a mint could otherwise take more than it issues).
        let invoiced: UInt64? =
            switch unit {
            case .sat: Bolt11Amount.satoshis(response.request)
            case .msat: Bolt11Amount.millisatoshis(response.request)
            default: nil
            }
        if let invoiced, invoiced != amount {
            throw WalletError(.invalidMintResponse, "the invoice asks \(invoiced) \(unit) for a quote of \(amount)")
        }
        if let pubkey, let echoed = response.pubkey, echoed != pubkey {
            throw WalletError(.invalidMintResponse, "the quote is locked to a key the wallet did not give")
        }
        let quote = StoredMintQuote(
            id: response.quote, mintURL: mint, unit: unit, amount: amount, request: response.request,
            state: response.state, expiry: response.expiry, pubkey: pubkey)
        try await write { tx in try tx.saveMintQuote(quote) }
        return quote
    }

    /// Adds a quote this wallet does not hold (asked for before a restore, or on another machine with the same
    /// phrase) by asking the mint for it, so that it can be minted. A locked quote's key must be one of this seed's
    /// NUT-20 keys.
    /// - Throws: ``WalletError`` `unknownMint`, `mintRefused` (no such quote), `invalidMintResponse` (an answer
    ///   without an amount or unit), `secureStore` when the quote is locked to a key this seed does not derive.
    @discardableResult
    public func importMintQuote(_ id: String, mint: MintURL) async throws(WalletError) -> StoredMintQuote {
        if let known = try await read({ tx in try tx.mintQuote(id: id) }) { return known }
        try await requireMint(mint)
        let response: MintQuoteBolt11Response
        do { response = try await connector(mint).mintQuoteState(quote: id) } catch { throw WalletError.mint(error) }
        guard response.quote == id, let amount = response.amount, let unit = response.unit else {
            throw WalletError(.invalidMintResponse, "the mint's answer does not say what the quote mints")
        }
        if let pubkey = response.pubkey, try await lockingKey(for: pubkey, .quote) == nil {
            throw WalletError(.secureStore, "the quote is locked to a key this wallet's phrase does not derive")
        }
        let quote = StoredMintQuote(
            id: id, mintURL: mint, unit: unit, amount: amount, request: response.request, state: response.state,
            expiry: response.expiry, pubkey: response.pubkey)
        try await write { tx in
            if try tx.mintQuote(id: id) == nil { try tx.saveMintQuote(quote) }
        }
        return quote
    }

    /// Asks the mint for a quote's state and stores it.
    /// - Throws: ``WalletError`` `invalidInput` for an unknown quote id.
    @discardableResult
    public func checkMintQuote(_ id: String) async throws(WalletError) -> StoredMintQuote {
        guard let quote = try await read({ tx in try tx.mintQuote(id: id) }) else {
            throw WalletError(.invalidInput, "no mint quote with this id in the wallet")
        }
        let response: MintQuoteBolt11Response
        do { response = try await connector(quote.mintURL).mintQuoteState(quote: id) } catch {
            throw WalletError.mint(error)
        }
        let reported = response.state
        let now = Date()
        // Read again in the transaction: the wallet's own mint may have marked it issued during the request.
        let (result, paidNow) = try await write { tx -> (StoredMintQuote, Bool) in
            guard let stored = try tx.mintQuote(id: id) else { return (quote, false) }
            guard let updated = stored.updated(reporting: reported, at: now) else { return (stored, false) }
            try tx.saveMintQuote(updated)
            return (updated, stored.state == .unpaid && updated.state == .paid)
        }
        if paidNow { emit(.mintQuotePaid(mint: result.mintURL, quoteID: result.id, amount: result.amount)) }
        return result
    }

    /// Waits until a quote is paid (or issued), its invoice expires, or `timeout` passes.
    ///
    /// Through the NUT-17 transport when the wallet has one and the mint offers `bolt11_mint_quote` for the quote's
    /// unit, else by polling (see `WalletOptions.pollInterval`). Either way the quote's state is checked over
    /// HTTP before it is returned: a notification alone never counts.
    /// - Parameters:
    ///   - id: the quote.
    ///   - timeout: how long to wait.
    /// - Returns: the quote, paid or issued.
    /// - Throws: ``WalletError`` `quoteState` on expiry or timeout, `invalidInput` for an unknown quote, `cancelled`.
    public func waitForMintQuote(_ id: String, timeout: Duration = .seconds(600)) async throws(WalletError)
        -> StoredMintQuote
    {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        guard let stored = try await read({ tx in try tx.mintQuote(id: id) }) else {
            throw WalletError(.invalidInput, "no mint quote with this id in the wallet")
        }
        let subscription = await subscription(.bolt11MintQuote, mint: stored.mintURL, unit: stored.unit, filters: [id])
        let quote = try await waitForSettlement(
            subscription: subscription, until: deadline,
            isHint: { payload in
                guard case .bolt11MintQuote(let quote) = payload, quote.quote == id else { return false }
                return quote.state == .paid || quote.state == .issued
            },
            check: { [self] () async throws(WalletError) -> StoredMintQuote? in
                let quote = try await self.checkMintQuote(id)
                switch quote.state {
                case .paid, .issued: return quote
                default: break
                }
                if let expiry = quote.expiry, UInt64(Date().timeIntervalSince1970) > expiry {
                    throw WalletError(.quoteState, "the quote's invoice expired unpaid")
                }
                return nil
            })
        guard let quote else { throw WalletError(.quoteState, "the quote was not paid in time") }
        return quote
    }

    /// The wallet's mint quotes, newest first.
    public func mintQuotes(mint: MintURL? = nil) async throws(WalletError) -> [StoredMintQuote] {
        try await read { tx in try tx.mintQuotes(mintURL: mint) }
    }
}
