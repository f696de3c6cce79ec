// Wallet: upkeep for the refresh daemon — mint paid quotes (NUT-29 batch check when offered), move proofs off
// inactive or expiring keysets (NUT-02), all as ordinary journaled operations.

import Foundation

/// What a keyset rotation did (`LinuxWallet.refresh()` reports it as the swap's operation).
package struct RotationResult: Sendable {
    /// The swap's id (its history line).
    package var operationID: OperationID
    /// The amount moved onto the active keyset (after fees).
    package var moved: UInt64
    /// Input fees paid.
    package var fee: UInt64
    /// How many proofs were moved.
    package var proofCount: Int
}

extension Wallet {
    /// Asks the mints about every quote not yet minted and mints the paid ones (several at once where a mint offers
    /// NUT-29 batches).
    /// - Returns: one result per mint operation (a batch is one).
    package func mintPaidQuotes(mint: MintURL? = nil) async throws(WalletError) -> [MintResult] {
        let open = try await mintQuotes(mint: mint).filter { $0.state != .issued && !isExpired($0) }
        var results: [MintResult] = []
        for (mintURL, quotes) in Dictionary(grouping: open, by: \.mintURL) {
            let states = try await quoteStates(quotes, mint: mintURL)
            results += try await mintPaid(quotes.filter { states[$0.id] == .paid }, mint: mintURL)
        }
        return results
    }

    /// NUT-29 batch check when the mint offers it, else one `GET` per quote; stored states are updated.
    private func quoteStates(_ quotes: [StoredMintQuote], mint: MintURL) async throws(WalletError)
        -> [String: MintQuoteState]
    {
        var states: [String: MintQuoteState] = [:]
        if try await capabilities(of: mint).supports(nut: 29), quotes.count > 1 {
            // As many quotes per request as the mint's array limit allows.
            for chunk in quotes.map(\.id).chunked(await requestLimit(mint)) {
                guard let request = try? BatchCheckRequest(quotes: Array(chunk)) else { continue }
                do {
                    for response in try await connector(mint).checkMintQuotes(request) {
                        states[response.quote] = response.state
                    }
                } catch { throw WalletError.mint(error) }
            }
        } else {
            for quote in quotes { states[quote.id] = try await checkMintQuote(quote.id).state }
        }
        let now = Date()
        try await write { [states] tx in
            for quote in quotes {
                guard let state = states[quote.id], let stored = try tx.mintQuote(id: quote.id),
                    let updated = stored.updated(reporting: state, at: now)
                else { continue }
                try tx.saveMintQuote(updated)
            }
        }
        return states
    }

    private func isExpired(_ quote: StoredMintQuote) -> Bool {
        guard quote.state == .unpaid, let expiry = quote.expiry else { return false }
        return UInt64(Date().timeIntervalSince1970) > expiry
    }

    /// Swaps unspent proofs of inactive keysets, and of keysets whose `final_expiry` falls within `expiryHorizon`,
    /// into proofs of the active keyset. Proofs worth no more than their fee are left alone.
    /// - Returns: what moved, or `nil` when nothing needed to.
    package func rotateKeysets(mint: MintURL, unit: CurrencyUnit = .sat, expiryHorizon: TimeInterval = 7 * 86_400)
        async throws(WalletError) -> RotationResult?
    {
        let keysets = try await syncKeysets(mint, force: true)
        let horizon = UInt64(max(0, Date().timeIntervalSince1970 + expiryHorizon))
        let leaving = Set(
            keysets.filter { !$0.active || ($0.finalExpiry.map { $0 <= horizon } ?? false) }.map(\.id))
        guard !leaving.isEmpty else { return nil }
        let proofs = try await read { tx in try tx.proofs(mintURL: mint, unit: unit, statuses: [.unspent]) }
            .filter { leaving.contains($0.proof.id) }
        guard !proofs.isEmpty else { return nil }
        let keyset = try await activeKeyset(mint, unit: unit)
        guard !leaving.contains(keyset.id) else { return nil }
        let limit = await requestLimit(mint)
        let moving = Array(proofs.prefix(limit))
        let fee = try await keysetTables(mint).selector(maxInputs: limit).fee(of: moving)
        let total = moving.reduce(UInt64(0)) { $0 + $1.amount }
        guard total > fee else { return nil }
        let outcome = try await swapOwn(inputs: moving, mint: mint, unit: unit, keyset: keyset)
        let moved = outcome.kept.reduce(UInt64(0)) { $0 + $1.amount }
        return RotationResult(
            operationID: outcome.operationID, moved: moved, fee: outcome.fee, proofCount: outcome.kept.count)
    }
}
