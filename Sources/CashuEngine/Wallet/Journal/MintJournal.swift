// Wallet: the journal of a mint operation (NUT-04) — the exact request and the outputs' secrets.

/// A journal that names the quote its operation settles (mint and melt): one open operation per quote.
protocol QuoteJournal: Decodable {
    var quoteID: String { get }
}

/// What a mint operation wrote before its request left.
struct MintJournal: QuoteJournal, Codable, Sendable {
    /// The quote being minted.
    var quoteID: String
    /// The outputs, with secrets, blinding factors and counters.
    var outputs: [PlannedOutput]
    /// The exact request (re-encoded byte-identically by ``MintRequestEncoding``).
    var request: MintRequest
    /// For a locked quote, the same request's NUT-20 signature over the legacy message: sent instead (once, after
    /// journaling it) when the mint refuses the hardened one with 20008. `nil` once used, and for unlocked quotes.
    var legacySignature: String?

    /// The journal with its request signed over the legacy message, when it still has that fallback.
    func fallingBackToLegacySignature() -> MintJournal? {
        guard let legacySignature, request.signature != legacySignature else { return nil }
        var fallback = self
        fallback.request.signature = legacySignature
        fallback.legacySignature = nil
        return fallback
    }
}
