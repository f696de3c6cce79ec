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
}
