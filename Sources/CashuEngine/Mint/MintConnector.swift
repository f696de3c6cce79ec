// Mint client: one async method per mint endpoint, each tagged with the NUT that defines it.

/// Everything a wallet asks of one mint.
///
/// Implementations decode every answer into the typed models (which validate points and amounts as they decode) and
/// report failures as ``MintClientError``; checking an answer against the request it answers (counts, amounts,
/// keysets, DLEQ) is the wallet's job, which holds the keys. `HTTPMintConnector` is the implementation over
/// HTTP; tests substitute their own.
package protocol MintConnector: Sendable {
    /// The mint this connector talks to.
    var mintURL: MintURL { get }

    /// NUT-06: `GET /v1/info`.
    func info() async throws(MintClientError) -> MintInfo

    /// NUT-01: `GET /v1/keys` — the keys of the active keysets.
    func keys() async throws(MintClientError) -> KeysResponse

    /// NUT-02: `GET /v1/keys/{keyset_id}` — the keys of one keyset, active or not.
    func keys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse

    /// NUT-02: `GET /v1/keysets` — every keyset with its unit, state and fee.
    func keysets() async throws(MintClientError) -> KeysetsResponse

    /// NUT-04/23: `POST /v1/mint/quote/bolt11` (with a NUT-20 `pubkey` when locking).
    func mintQuote(_ request: MintQuoteBolt11Request) async throws(MintClientError) -> MintQuoteBolt11Response

    /// NUT-04/23: `GET /v1/mint/quote/bolt11/{quote_id}`.
    func mintQuoteState(quote: String) async throws(MintClientError) -> MintQuoteBolt11Response

    /// NUT-04/23 (+ NUT-20 signature): `POST /v1/mint/bolt11`.
    func mint(_ request: MintRequest) async throws(MintClientError) -> MintResponse

    /// NUT-29: `POST /v1/mint/quote/bolt11/check` — the quotes' states, in request order.
    func checkMintQuotes(_ request: BatchCheckRequest) async throws(MintClientError) -> [MintQuoteBolt11Response]

    /// NUT-29: `POST /v1/mint/bolt11/batch`.
    func batchMint(_ request: BatchMintRequest) async throws(MintClientError) -> MintResponse

    /// NUT-05/23: `POST /v1/melt/quote/bolt11`.
    func meltQuote(_ request: MeltQuoteBolt11Request) async throws(MintClientError) -> MeltQuoteResponse

    /// NUT-05/23: `GET /v1/melt/quote/bolt11/{quote_id}` (carries `change` once paid).
    func meltQuoteState(quote: String) async throws(MintClientError) -> MeltQuoteResponse

    /// NUT-05/23 (+ NUT-08 blank outputs, `prefer_async`): `POST /v1/melt/bolt11`. A synchronous melt may take
    /// minutes; implementations give it the long ``MintTimeouts/melt`` deadline.
    func melt(_ request: MeltRequest) async throws(MintClientError) -> MeltQuoteResponse

    /// NUT-03: `POST /v1/swap`.
    func swap(_ request: SwapRequest) async throws(MintClientError) -> SwapResponse

    /// NUT-07: `POST /v1/checkstate`.
    func checkState(_ request: CheckStateRequest) async throws(MintClientError) -> CheckStateResponse

    /// NUT-09: `POST /v1/restore`.
    func restore(_ request: RestoreRequest) async throws(MintClientError) -> RestoreResponse

    /// This connector adapted to what the wallet knows of the mint (e.g. its NUT-19 cached endpoints).
    /// The default returns the connector unchanged.
    func configured(with capabilities: MintCapabilities) -> any MintConnector

    /// NUT-22: `GET /v1/auth/blind/keysets`.
    func blindAuthKeysets() async throws(MintClientError) -> KeysetsResponse

    /// NUT-22: `GET /v1/auth/blind/keys/{keyset_id}`.
    func blindAuthKeys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse

    /// NUT-22: `POST /v1/auth/blind/mint`, authenticated with the mint's NUT-21 login.
    func blindAuthMint(_ request: BlindAuthMintRequest) async throws(MintClientError) -> MintResponse

    /// NUT-22: this connector spending one token from `tokens` on each endpoint `settings` protects. The default
    /// returns the connector unchanged.
    func authenticatingBlindly(_ settings: BlindAuthSettings, tokens: any BlindAuthTokenSource) -> any MintConnector
}

extension MintConnector {
    package func configured(with capabilities: MintCapabilities) -> any MintConnector { self }

    package func blindAuthKeysets() async throws(MintClientError) -> KeysetsResponse {
        throw Self.noBlindAuth("GET /v1/auth/blind/keysets")
    }

    package func blindAuthKeys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        throw Self.noBlindAuth("GET /v1/auth/blind/keys/{keyset_id}")
    }

    package func blindAuthMint(_ request: BlindAuthMintRequest) async throws(MintClientError) -> MintResponse {
        throw Self.noBlindAuth("POST /v1/auth/blind/mint")
    }

    package func authenticatingBlindly(_ settings: BlindAuthSettings, tokens: any BlindAuthTokenSource)
        -> any MintConnector
    {
        self
    }

    private static func noBlindAuth(_ endpoint: String) -> MintClientError {
        MintClientError(.invalidRequest, endpoint: endpoint, "this connector does not speak NUT-22; nothing was sent")
    }
}
