// Wallet: the journal of a mint operation (NUT-04, NUT-29 batches) — the exact request and the outputs' secrets.

/// A journal that names the quotes its operation settles (mint and melt): one open operation per quote.
protocol QuoteJournal: Decodable {
    /// The quote (for a NUT-29 batch, the first of them).
    var quoteID: String { get }
    /// Every quote the operation settles.
    var quoteIDs: [String] { get }
}

extension QuoteJournal {
    var quoteIDs: [String] { [quoteID] }
}

/// What a mint operation wrote before its request left.
struct MintJournal: QuoteJournal, Codable, Sendable {
    /// The quote being minted (for a batch, the first of ``batch``'s quotes).
    var quoteID: String
    /// The outputs, with secrets, blinding factors and counters.
    var outputs: [PlannedOutput]
    /// The exact request (re-encoded byte-identically by ``MintRequestEncoding``). For a batch it carries the same
    /// outputs under the first quote and is not sent.
    var request: MintRequest
    /// For a locked quote, the same request's NUT-20 signature over the legacy message: sent instead (once, after
    /// journaling it) when the mint refuses the hardened one with 20008. `nil` once used, and for unlocked quotes.
    var legacySignature: String?
    /// NUT-29: the exact batch request, when the operation mints several quotes in one request (sent instead of
    /// ``request``).
    var batch: BatchMintRequest? = nil
    /// For a batch with locked quotes: the signatures over the legacy message, as ``legacySignature`` for one quote.
    var legacyBatchSignatures: [String?]? = nil

    var quoteIDs: [String] { batch?.quotes ?? [quoteID] }

    /// The journal with its request signed over the legacy message, when it still has that fallback.
    func fallingBackToLegacySignature() -> MintJournal? {
        var fallback = self
        if let batch {
            guard let legacy = legacyBatchSignatures, batch.signatures != legacy else { return nil }
            fallback.batch?.signatures = legacy
            fallback.legacyBatchSignatures = nil
            return fallback
        }
        guard let legacySignature, request.signature != legacySignature else { return nil }
        fallback.request.signature = legacySignature
        fallback.legacySignature = nil
        return fallback
    }
}
