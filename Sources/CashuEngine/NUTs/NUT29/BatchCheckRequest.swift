// NUT-29 — Batched mint: the body of `POST /v1/mint/quote/{method}/check`.

/// `{"quotes": [unique quote ids]}`; the mint answers with a JSON array of quotes in the same order.
package struct BatchCheckRequest: Codable, Hashable, Sendable, CustomStringConvertible {
    /// The quote ids to check.
    package var quotes: [String]

    /// Creates a check request.
    ///
    /// - Throws: ``BatchMintError`` `.emptyBatch` or `.duplicateQuotes`.
    package init(quotes: [String]) throws(BatchMintError) {
        try BatchMintRules.checkQuoteList(quotes)
        self.quotes = quotes
    }

    package var description: String { "BatchCheckRequest(quotes: \(quotes.count))" }
}
