// Wallet: minting several paid quotes of one mint in one request (NUT-29), journaled and recovered as one mint
// operation (MintSaga).

import Foundation

extension Wallet {
    /// Mints several paid quotes of one mint in one NUT-29 request: one operation and one history line, with outputs
    /// for their sum, each locked quote signed (NUT-20) over all of them. A single id mints as ``mint(quoteID:)``.
    /// - Returns: the mint operation: its id (the history line's), mint, unit and the amount minted.
    /// - Throws: ``WalletError``: `unsupported` when the mint does not batch these quotes (or not this many),
    ///   `invalidInput` for unknown or repeated quotes or quotes of different mints, units or methods, `quoteState`
    ///   for a quote already minted, `pending` when one is being minted or the answer was lost.
    public func mint(quoteIDs: [String]) async throws(WalletError) -> WalletOperationEvent {
        try await mintResult(quoteIDs: quoteIDs).event
    }

    /// ``mint(quoteIDs:)``, with what the engine keeps of the outcome.
    package func mintResult(quoteIDs: [String]) async throws(WalletError) -> MintResult {
        guard quoteIDs.count > 1 else {
            guard let only = quoteIDs.first else { throw WalletError(.invalidInput, "no quote to mint") }
            return try await mintResult(quoteID: only)
        }
        guard Set(quoteIDs).count == quoteIDs.count else {
            throw WalletError(.invalidInput, "a quote appears twice in the batch")
        }
        let stored = try await read { tx in try quoteIDs.map { try tx.mintQuote(id: $0) } }
        let quotes = stored.compactMap { $0 }
        guard quotes.count == quoteIDs.count else {
            throw WalletError(.invalidInput, "no mint quote with one of these ids in the wallet")
        }
        let first = quotes[0]
        let alike = quotes.allSatisfy { quote in
            quote.mintURL == first.mintURL && quote.unit == first.unit && quote.method == first.method
        }
        guard alike else {
            throw WalletError(.invalidInput, "a batch mints quotes of one mint, unit and method")
        }
        guard !quotes.contains(where: { $0.state == .issued }) else {
            throw WalletError(.quoteState, "a quote of the batch was already minted")
        }
        let mint = first.mintURL
        // The batch path and its amounts are bolt11's (other methods need `quote_amounts` and their own path).
        guard first.method == "bolt11" else {
            throw WalletError(.unsupported, "only bolt11 quotes are minted in batches")
        }
        guard let settings = try await capabilities(of: mint).batchMint, settings.allows(method: first.method) else {
            throw WalletError(.unsupported, "\(mint) does not mint \(first.method) quotes in batches (NUT-29)")
        }
        let limit = await requestLimit(mint)
        if quotes.count > limit || settings.maxBatchSize.map({ UInt64(quotes.count) > $0 }) ?? false {
            throw WalletError(.unsupported, "\(quotes.count) quotes are more than \(mint) mints in one batch")
        }
        let total: UInt64
        do { total = try AmountSplit.sum(quotes.map(\.amount)) } catch {
            throw WalletError(.invalidInput, "the quotes' amounts overflow", underlying: error)
        }
        let keyset = try await activeKeyset(mint, unit: first.unit)
        let holdings = try await holdings(mint, unit: first.unit)
        let amounts = try await planner(keyset).split(total, holdings: holdings)
        var keys: [String: Scalar] = [:]
        for quote in quotes { keys[quote.id] = try await loadQuoteKey(quote) }
        let infos = Dictionary(
            quotes.map { quote in
                let info = BatchQuoteInfo(
                    method: quote.method, unit: quote.unit, amount: quote.amount, pubkey: quote.pubkey)
                return (quote.id, info)
            },
            uniquingKeysWith: { earlier, _ in earlier })
        let id = OperationID.random()
        // Leased before the journal entry exists, so no recovery pass elsewhere takes it over (Wallet+Leases.swift).
        let claimed = try claim(id)
        defer { release(claimed) }
        step(.planned, .mint)
        let record = try await write { [keys] tx -> OperationRecord in
            // Another call (or process) may have minted or started minting one of the quotes meanwhile.
            let open = try self.openOperations(tx, kind: .mint, journal: MintJournal.self)
            for quoteID in quoteIDs {
                if let other = open[quoteID] {
                    throw WalletError(
                        .pending, "minting a quote of the batch is already under way", operationID: other.id)
                }
                guard try tx.mintQuote(id: quoteID)?.state != .issued else {
                    throw WalletError(.quoteState, "a quote of the batch was already minted")
                }
            }
            let counters = try tx.reserveCounters(keysetID: keyset.id, count: UInt64(amounts.count))
            let planned = try self.outputs.deterministic(amounts: amounts, keysetID: keyset.id, counters: counters)
            var batch = BatchMintRequest(quotes: quoteIDs, outputs: planned.map(\.blindedMessage))
            var legacy: [String?]?
            if !keys.isEmpty {
                var signedLegacy = batch
                try signedLegacy.sign(keys: keys, scheme: .legacy)
                legacy = signedLegacy.signatures
                try batch.sign(keys: keys)
            }
            do { try batch.validate(method: first.method, quotes: infos, settings: settings) } catch let error
                as BatchMintError
            {
                throw WalletError(.invalidInput, "the batch breaks a NUT-29 rule: \(error.reason)", underlying: error)
            }
            let journal = MintJournal(
                quoteID: quoteIDs[0], outputs: planned,
                request: MintRequest(quote: quoteIDs[0], outputs: batch.outputs), legacySignature: nil, batch: batch,
                legacyBatchSignatures: legacy)
            try self.journal(
                tx, id: id, kind: .mint, mint: mint, unit: first.unit, payload: journal, amount: total, fee: 0)
            return try self.requireOperation(tx, id)
        }
        step(.journaled, .mint)
        await emitStarted(record)
        return try await resumeMint(record, firstAttempt: true)
    }

    /// Mints paid quotes of one mint: in NUT-29 batches where the mint offers them (as many quotes per batch as it
    /// allows), one by one otherwise and for any batch that did not happen.
    func mintPaid(_ paid: [StoredMintQuote], mint: MintURL) async throws(WalletError) -> [MintResult] {
        var results: [MintResult] = []
        var minted = 0
        // A quote with an operation still open is resumed by itself (mint(quoteID:) finishes that operation).
        let open = try await read { tx in try self.openOperations(tx, kind: .mint, journal: MintJournal.self) }
        var single = paid.filter { open[$0.id] != nil }
        let batchable = paid.filter { open[$0.id] == nil }
        if batchable.count > 1, let settings = try await capabilities(of: mint).batchMint {
            let size = min(await requestLimit(mint), Int(clamping: settings.maxBatchSize ?? UInt64.max))
            for group in Dictionary(grouping: batchable, by: { "\($0.unit.rawValue) \($0.method)" }).values {
                guard group.count > 1, size > 1, group[0].method == "bolt11", settings.allows(method: group[0].method)
                else {
                    single += group
                    continue
                }
                for chunk in group.chunked(size) {
                    let ids = chunk.map(\.id)
                    guard ids.count > 1 else {
                        single += chunk
                        continue
                    }
                    do {
                        results.append(try await self.mintResult(quoteIDs: ids))
                        minted += ids.count
                        tellProgress(results, minted: minted, of: paid)
                    } catch {
                        // A batch still open waits for recovery; one that did not happen leaves its quotes to be
                        // minted one by one.
                        if error.code == .pending { throw error }
                        if try await unfinishedMint(quoteID: ids[0]) != nil { throw error }
                        logger.info(
                            "batch mint did not happen; minting one by one", metadata: ["reason": "\(error.code)"])
                        single += chunk
                    }
                }
            }
        } else {
            single += batchable
        }
        for quote in single {
            results.append(try await self.mintResult(quoteID: quote.id))
            minted += 1
            tellProgress(results, minted: minted, of: paid)
        }
        return results
    }

    /// Tells how many of `paid`'s quotes are minted, after each mint of ``mintPaid(_:mint:)``.
    private func tellProgress(_ results: [MintResult], minted: Int, of paid: [StoredMintQuote]) {
        guard paid.count > 1, let last = results.last else { return }
        emitProgress(last.event, WalletProgress(completed: minted, total: paid.count, unit: "quotes"))
    }
}
