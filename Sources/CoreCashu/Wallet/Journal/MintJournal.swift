// Wallet: the journal of a mint operation (NUT-04) — the exact request and the outputs' secrets.

/// What a mint operation wrote before its request left.
struct MintJournal: Codable, Sendable {
    /// The quote being minted.
    var quoteID: String
    /// The outputs, with secrets, blinding factors and counters.
    var outputs: [PlannedOutput]
    /// The exact request (re-encoded byte-identically by ``MintRequestEncoding``).
    var request: MintRequest
}
