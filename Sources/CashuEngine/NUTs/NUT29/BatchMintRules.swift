// NUT-29 — Batched mint: the request validation rules (29.md "Request Validation"), checked by the wallet.

/// The NUT-29 rules, on plain values so they can be checked without building outputs.
enum BatchMintRules {
    /// Methods whose quotes may be minted partially, so outputs may sum to less than the quote amounts.
    static let partialMethods: Set<String> = ["bolt12", "onchain"]

    /// Rules 1–2: non-empty, unique.
    static func checkQuoteList(_ quotes: [String]) throws(BatchMintError) {
        guard !quotes.isEmpty else { throw BatchMintError(.emptyBatch, "a batch needs at least one quote") }
        var seen = Set<String>()
        seen.reserveCapacity(quotes.count)
        for quote in quotes where !seen.insert(quote).inserted {
            throw BatchMintError(.duplicateQuotes, "a quote id appears twice in the batch")
        }
    }

    /// All rules a wallet can check locally, in the order 29.md lists them.
    static func validate(
        method: String, quotes: [String], quoteAmounts: [UInt64]?, outputAmounts: [UInt64], signatureCount: Int?,
        signaturePresent: [Bool]?, known: [String: BatchQuoteInfo], maxBatchSize: UInt64?
    ) throws(BatchMintError) {
        try checkQuoteList(quotes)
        if let maxBatchSize, UInt64(quotes.count) > maxBatchSize {
            throw BatchMintError(.batchTooLarge, "\(quotes.count) quotes exceed max_batch_size \(maxBatchSize)")
        }
        var infos: [BatchQuoteInfo] = []
        for quote in quotes {
            guard let info = known[quote] else {
                throw BatchMintError(.unknownQuote, "a quote in the batch is unknown")
            }
            infos.append(info)
        }
        // Rule 4: every quote has the path's method; rule 5: one unit.
        for info in infos where info.method != method {
            throw BatchMintError(.methodMismatch, "a \(info.method) quote cannot be minted at /v1/mint/\(method)/batch")
        }
        if let unit = infos.first?.unit, infos.contains(where: { $0.unit != unit }) {
            throw BatchMintError(.unitMismatch, "quotes of different units cannot be batched")
        }
        if let quoteAmounts, quoteAmounts.count != quotes.count {
            throw BatchMintError(.lengthMismatch, "quote_amounts needs one entry per quote")
        }
        // Rule 8: one signature entry per quote, present exactly for locked quotes.
        let anyLocked = infos.contains { $0.pubkey != nil }
        if let signatureCount, signatureCount != quotes.count {
            throw BatchMintError(.lengthMismatch, "signatures has \(signatureCount) entries for \(quotes.count) quotes")
        }
        if anyLocked && signatureCount == nil {
            throw BatchMintError(.signatureMismatch, "a locked quote needs a signature")
        }
        if let signaturePresent {
            for (info, present) in zip(infos, signaturePresent) where (info.pubkey != nil) != present {
                throw BatchMintError(
                    .signatureMismatch,
                    present ? "an unlocked quote must not be signed" : "a locked quote needs a signature")
            }
        }
        // Rule 7: Σ outputs == Σ quote amounts (bolt11), ≤ for methods that mint partially.
        let expected = try sum(quoteAmounts ?? infos.map(\.amount))
        let outputs = try sum(outputAmounts)
        let balanced = partialMethods.contains(method) ? outputs <= expected : outputs == expected
        guard balanced else {
            throw BatchMintError(.amountMismatch, "outputs sum to \(outputs) but the quotes allow \(expected)")
        }
        if let quoteAmounts {
            for (info, amount) in zip(infos, quoteAmounts) where amount > info.amount {
                throw BatchMintError(.amountMismatch, "a quote amount exceeds what the quote can mint")
            }
        }
    }

    private static func sum(_ amounts: [UInt64]) throws(BatchMintError) -> UInt64 {
        do {
            return try AmountSplit.sum(amounts)
        } catch {
            throw BatchMintError(.overflow, "amounts overflow 64 bits")
        }
    }
}
