// Mint client: the MintConnector over HTTP/1.1 and HTTP/2 with async-http-client (NUT-00 errors, NUT-19 replays).

import CashuEngine
import AsyncHTTPClient
import Foundation
import Logging

/// Talks to one mint over HTTP(S).
///
/// Every request body is encoded by `MintRequestEncoding` only, so the bytes the wallet journals are the bytes
/// sent, and a NUT-19 replay sends them again unchanged. Failures are reported as `MintClientError`, sorted by
/// what they mean for funds:
///
/// | what happened | code |
/// |---|---|
/// | a NUT-00 `{detail, code}` body: a 4xx with `detail`, or any other non-200 with an integer `code` | `mintRefused` |
/// | DNS failed, the connection was refused or not opened within the connect timeout | `unreachable` |
/// | HTTP 429: a rate limit turned the request away before the mint acted (after waiting: see below) | `unreachable` |
/// | the deadline passed after the request was handed to a connection | `timeout` |
/// | the connection was closed or reset before the answer was complete; any error that cannot be placed | `transport` |
/// | another status without such a body (404 from a proxy, 500, 502, a redirect) | `httpStatus` |
/// | a 200 whose body is not this endpoint's JSON, or is larger than `maximumResponseBytes` | `invalidResponse` |
/// | the calling task was cancelled | `cancelled` |
///
/// Retries: a `POST` to an endpoint listed in the mint's NUT-19 setting (`cachedResponses`) is replayed with the
/// identical bytes, up to three times with exponential backoff and jitter, after a failure that leaves the outcome
/// unknown and while the cached answer should still exist. A replay's definite-looking failure (the mint refusing
/// the replay, a refused connection) never turns the first attempt's unknown outcome into a definite one. Each
/// attempt has the endpoint's full deadline. Other `POST`s are never retried; a `GET` is retried once after a
/// `transport` failure (typically a pooled connection the server had just closed).
///
/// Rate limits: an HTTP 429 (or a 503 with `Retry-After`) is not a failure of the request. The connector waits as the
/// mint's `Retry-After` says, else backs off with jitter, and sends the identical bytes again, for at most
/// `MintTimeouts/rateLimitWait` in all; its ``MintRequestPacer``, shared by every copy of the connector, then spaces
/// the following requests to that mint for a while. `onRateLimited` hears of each wait. Past the limit a 429 fails
/// as `unreachable` (the mint did nothing) and a 503 as `httpStatus` (as any other 503).
///
/// Errors and logs name the endpoint by template (`GET /v1/mint/quote/bolt11/{quote_id}`): quote ids are bearer
/// secrets and never appear in them. The optional logger gets fixed messages with the template, HTTP status,
/// duration and attempt; never a body. No logger is passed to async-http-client, whose logs carry the full URL.
///
/// The connector does not own its `HTTPClient`: whoever creates the client shuts it down
/// (``makeHTTPClient(timeouts:proxy:)`` makes one configured for mints). A client of your own should disable redirects;
/// async-http-client keeps no cookies and no disk cache.
package struct HTTPMintConnector: MintConnector {
    /// The default limit on an answer's size: 8 MiB.
    package static let defaultMaximumResponseBytes = 8 * 1024 * 1024

    /// The mint this connector talks to.
    package let mintURL: MintURL
    /// The deadlines per kind of request. `MintTimeouts/connect` applies through the client's configuration.
    package let timeouts: MintTimeouts
    /// The mint's NUT-19 setting (`info.nuts.cachedResponses`), or `nil` when it caches nothing.
    package let cachedResponses: CachedResponseSettings?
    /// The largest answer accepted, in bytes.
    package let maximumResponseBytes: Int

    /// Spaces requests to this mint once it has limited them; shared by the copies of this connector.
    package let pacer: MintRequestPacer
    /// Told of each wait for the mint's rate limit (the mint, how long), e.g. to tell the user once.
    package let onRateLimited: (@Sendable (MintURL, Duration) -> Void)?
    /// Whether the client sends through a proxy (``NetworkProxy``); without one an `.onion` mint is refused before
    /// any connection.
    package let proxied: Bool
    /// Adds NUT-21/22 authentication to requests for protected endpoints, when the mint asks for it.
    package let authorizer: (any MintRequestAuthorizer)?

    let httpClient: HTTPClient
    let logger: Logger?

    /// Creates a connector over a client the caller owns.
    ///
    /// - Parameters:
    ///   - mintURL: the mint.
    ///   - httpClient: the client to send with; the caller keeps it alive while the connector is used and shuts
    ///     it down afterwards. Its connect timeout applies to opening connections.
    ///   - timeouts: deadlines for reads, writes and synchronous melts.
    ///   - cachedResponses: the mint's NUT-19 setting, from `MintInfo/nuts`; `nil` disables replays.
    ///   - maximumResponseBytes: the largest answer accepted.
    ///   - logger: where to log requests (fixed messages, no bodies, no quote ids), or `nil` for silence.
    ///   - pacer: the pacing shared with other connectors to the same mint (a new one by default).
    ///   - onRateLimited: told of each wait for the mint's rate limit.
    ///   - proxied: whether `httpClient` goes through a proxy (``makeHTTPClient(timeouts:proxy:)``).
    ///   - authorizer: NUT-21/22 authentication for protected endpoints.
    package init(
        mintURL: MintURL,
        httpClient: HTTPClient,
        timeouts: MintTimeouts = .default,
        cachedResponses: CachedResponseSettings? = nil,
        maximumResponseBytes: Int = HTTPMintConnector.defaultMaximumResponseBytes,
        logger: Logger? = nil,
        pacer: MintRequestPacer = MintRequestPacer(),
        onRateLimited: (@Sendable (MintURL, Duration) -> Void)? = nil,
        proxied: Bool = false,
        authorizer: (any MintRequestAuthorizer)? = nil
    ) {
        self.mintURL = mintURL
        self.httpClient = httpClient
        self.timeouts = timeouts
        self.cachedResponses = cachedResponses
        self.maximumResponseBytes = max(1, maximumResponseBytes)
        self.logger = logger
        self.pacer = pacer
        self.onRateLimited = onRateLimited
        self.proxied = proxied
        self.authorizer = authorizer
    }

    /// The same connector with the mint's NUT-19 setting, e.g. once ``info()`` has answered.
    /// - Parameter cachedResponses: the setting, or `nil` to disable replays.
    /// - Returns: a connector sharing this one's client.
    package func with(cachedResponses: CachedResponseSettings?) -> HTTPMintConnector {
        HTTPMintConnector(
            mintURL: mintURL,
            httpClient: httpClient,
            timeouts: timeouts,
            cachedResponses: cachedResponses,
            maximumResponseBytes: maximumResponseBytes,
            logger: logger,
            pacer: pacer,
            onRateLimited: onRateLimited,
            proxied: proxied,
            authorizer: authorizer
        )
    }

    /// The same connector authenticating protected requests with `authorizer` (NUT-21/22).
    package func with(authorizer: (any MintRequestAuthorizer)?) -> HTTPMintConnector {
        HTTPMintConnector(
            mintURL: mintURL, httpClient: httpClient, timeouts: timeouts, cachedResponses: cachedResponses,
            maximumResponseBytes: maximumResponseBytes, logger: logger, pacer: pacer, onRateLimited: onRateLimited,
            proxied: proxied, authorizer: authorizer)
    }

    /// A new `HTTPClient` configured for talking to mints: redirects not followed, `timeouts.connect` to open a
    /// connection, a failed connection attempt reported at once instead of retried until the connect timeout,
    /// idle connections closed after 2 s (well before common servers' keep-alive), no response decompression.
    ///
    /// - Parameters:
    ///   - timeouts: the connect timeout is taken from here.
    ///   - proxy: every connection goes through it (nothing goes out directly, even when it is down).
    /// - Returns: a client the caller owns: call `try await client.shutdown()` when done with it (async-http-client
    ///   traps in debug builds when a client is released without shutting down).
    package static func makeHTTPClient(timeouts: MintTimeouts = .default, proxy: NetworkProxy? = nil) -> HTTPClient {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: .init(timeouts.connect)),
            proxy: proxy?.clientProxy,
            decompression: .disabled
        )
        configuration.connectionPool.retryConnectionEstablishment = false
        // Idle connections are closed well before the server's keep-alive ends them (uvicorn, which serves Nutshell,
        // closes after 5 s; the margin covers a busy event loop): a request written to a pooled connection the server
        // is closing at that moment fails with no answer, which for a swap or a melt means an ambiguous outcome and a
        // recovery pass instead of a result. A wallet's requests come in bursts, so little is lost by reconnecting.
        configuration.connectionPool.idleTimeout = .seconds(2)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }

    // MARK: MintConnector

    /// NUT-06: `GET /v1/info`.
    package func info() async throws(MintClientError) -> MintInfo {
        try await get(.info)
    }

    /// NUT-01: `GET /v1/keys`.
    package func keys() async throws(MintClientError) -> KeysResponse {
        try await get(.keys)
    }

    /// NUT-02: `GET /v1/keys/{keyset_id}`.
    package func keys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        try await get(.keys(keysetID: keysetID))
    }

    /// NUT-02: `GET /v1/keysets`.
    package func keysets() async throws(MintClientError) -> KeysetsResponse {
        try await get(.keysets)
    }

    /// NUT-04/23: `POST /v1/mint/quote/bolt11`.
    package func mintQuote(_ request: MintQuoteBolt11Request) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await post(.mintQuote, request)
    }

    /// NUT-04/23: `GET /v1/mint/quote/bolt11/{quote_id}`.
    package func mintQuoteState(quote: String) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await get(try MintEndpoint.mintQuoteState(quote: quote))
    }

    /// NUT-04/23 (+ NUT-20): `POST /v1/mint/bolt11`.
    package func mint(_ request: MintRequest) async throws(MintClientError) -> MintResponse {
        try await post(.mint, request)
    }

    /// NUT-29: `POST /v1/mint/quote/bolt11/check`.
    package func checkMintQuotes(
        _ request: BatchCheckRequest
    ) async throws(MintClientError) -> [MintQuoteBolt11Response] {
        try await post(.checkMintQuotes, request)
    }

    /// NUT-29: `POST /v1/mint/bolt11/batch`.
    package func batchMint(_ request: BatchMintRequest) async throws(MintClientError) -> MintResponse {
        try await post(.batchMint, request)
    }

    /// NUT-05/23: `POST /v1/melt/quote/bolt11`.
    package func meltQuote(_ request: MeltQuoteBolt11Request) async throws(MintClientError) -> MeltQuoteResponse {
        try await post(.meltQuote, request)
    }

    /// NUT-05/23: `GET /v1/melt/quote/bolt11/{quote_id}`.
    package func meltQuoteState(quote: String) async throws(MintClientError) -> MeltQuoteResponse {
        try await get(try MintEndpoint.meltQuoteState(quote: quote))
    }

    /// NUT-05/23: `POST /v1/melt/bolt11`, with the `MintTimeouts/melt` deadline unless `prefer_async` is set.
    package func melt(_ request: MeltRequest) async throws(MintClientError) -> MeltQuoteResponse {
        try await post(.melt(preferAsync: request.preferAsync == true), request)
    }

    /// NUT-03: `POST /v1/swap`.
    package func swap(_ request: SwapRequest) async throws(MintClientError) -> SwapResponse {
        try await post(.swap, request)
    }

    /// NUT-07: `POST /v1/checkstate`.
    package func checkState(_ request: CheckStateRequest) async throws(MintClientError) -> CheckStateResponse {
        try await post(.checkState, request)
    }

    /// NUT-09: `POST /v1/restore`.
    package func restore(_ request: RestoreRequest) async throws(MintClientError) -> RestoreResponse {
        try await post(.restore, request)
    }

    /// NUT-22: `GET /v1/auth/blind/keysets`.
    package func blindAuthKeysets() async throws(MintClientError) -> KeysetsResponse {
        try await get(.blindAuthKeysets)
    }

    /// NUT-22: `GET /v1/auth/blind/keys/{keyset_id}`.
    package func blindAuthKeys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        try await get(.blindAuthKeys(keysetID: keysetID))
    }

    /// NUT-22: `POST /v1/auth/blind/mint` (the authorizer adds the NUT-21 login where the mint protects it).
    package func blindAuthMint(_ request: BlindAuthMintRequest) async throws(MintClientError) -> MintResponse {
        try await post(.blindAuthMint, request)
    }
}
