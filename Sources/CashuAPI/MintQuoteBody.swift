// Local API: a mint quote (NUT-04), with the invoice to pay.

import CoreCashu

/// A mint quote: `request` is the invoice; once paid, the service mints it (the event stream says so).
struct MintQuoteBody: Encodable, Sendable {
    var id: String
    var request: String
    var amount: UInt64
    var unit: String
    var mint: String
    var state: String
    var expiry: UInt64?

    init(_ quote: StoredMintQuote) {
        id = quote.id
        request = quote.request
        amount = quote.amount
        unit = quote.unit.rawValue
        mint = quote.mintURL.rawValue
        state =
            switch quote.state {
            case .unpaid: "unpaid"
            case .paid: "paid"
            case .issued: "issued"
            case .unknown: "unknown"
            }
        expiry = quote.expiry
    }
}
