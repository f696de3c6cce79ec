// npub.cash v2 — a page of `GET /api/v2/wallet/quotes?since=&limit=&offset=`:
// `{"error":false,"data":{"quotes":[…]},"metadata":{"total":…,"limit":…,"offset":…,"since":…}}`.

/// One page of the service's quote list.
package struct NpubCashQuotePage: Sendable, Decodable {
    package struct Quotes: Sendable, Decodable {
        package var quotes: [NpubCashQuote]
    }

    package struct Metadata: Sendable, Decodable {
        /// How many quotes match in all.
        package var total: Int
        /// The page size the server used (it caps it at 50).
        package var limit: Int
        package var offset: Int?
        package var since: Int64?
    }

    package var data: Quotes
    package var metadata: Metadata
}
