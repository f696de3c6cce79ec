// Test support: the endpoints of a ScriptedMint, one per MintConnector method, for fault scripts and the request log.

/// One ``MintConnector`` method of a ``ScriptedMint``: what a fault is scripted on and what the request log records.
package enum ScriptedEndpoint: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// NUT-06 `GET /v1/info`.
    case info
    /// NUT-01 `GET /v1/keys`.
    case keys
    /// NUT-02 `GET /v1/keys/{keyset_id}`.
    case keysetKeys
    /// NUT-02 `GET /v1/keysets`.
    case keysets
    /// NUT-04 `POST /v1/mint/quote/bolt11`.
    case mintQuote
    /// NUT-04 `GET /v1/mint/quote/bolt11/{quote_id}`.
    case mintQuoteState
    /// NUT-04 `POST /v1/mint/bolt11`.
    case mint
    /// NUT-29 `POST /v1/mint/quote/bolt11/check`.
    case checkMintQuotes
    /// NUT-29 `POST /v1/mint/bolt11/batch`.
    case batchMint
    /// NUT-05 `POST /v1/melt/quote/bolt11`.
    case meltQuote
    /// NUT-05 `GET /v1/melt/quote/bolt11/{quote_id}`.
    case meltQuoteState
    /// NUT-05 `POST /v1/melt/bolt11`.
    case melt
    /// NUT-03 `POST /v1/swap`.
    case swap
    /// NUT-07 `POST /v1/checkstate`.
    case checkState
    /// NUT-09 `POST /v1/restore`.
    case restore

    /// `METHOD /path` as ``HTTPMintConnector`` names the endpoint in a ``MintClientError``.
    package var template: String {
        switch self {
        case .info: "GET /v1/info"
        case .keys: "GET /v1/keys"
        case .keysetKeys: "GET /v1/keys/{keyset_id}"
        case .keysets: "GET /v1/keysets"
        case .mintQuote: "POST /v1/mint/quote/bolt11"
        case .mintQuoteState: "GET /v1/mint/quote/bolt11/{quote_id}"
        case .mint: "POST /v1/mint/bolt11"
        case .checkMintQuotes: "POST /v1/mint/quote/bolt11/check"
        case .batchMint: "POST /v1/mint/bolt11/batch"
        case .meltQuote: "POST /v1/melt/quote/bolt11"
        case .meltQuoteState: "GET /v1/melt/quote/bolt11/{quote_id}"
        case .melt: "POST /v1/melt/bolt11"
        case .swap: "POST /v1/swap"
        case .checkState: "POST /v1/checkstate"
        case .restore: "POST /v1/restore"
        }
    }

    /// Whether the endpoint changes the mint's state (a write): the ones a lost answer leaves ambiguous.
    package var isWrite: Bool {
        switch self {
        case .mintQuote, .mint, .batchMint, .meltQuote, .melt, .swap: true
        default: false
        }
    }

    package var description: String { rawValue }
}
