// Mint client: the wallet's connections to its mints over HTTP.

import AsyncHTTPClient
import CashuEngine
import Logging

extension MintConnections {
    /// Every mint over HTTP through `client` (make one with ``makeHTTPClient(proxy:)`` and shut it down after the
    /// wallet is done), with the library's deadlines per kind of request (the long melt deadline among them).
    ///
    /// Each mint keeps one request pacer for the wallet's life, so a connection made again (after the mint's info
    /// changed) still spaces its requests as the mint's rate limit asks.
    /// - Parameters:
    ///   - client: the HTTP client, shared by every mint.
    ///   - proxied: `client` goes through a proxy (to Tor): only then are `.onion` mints reached.
    public static func http(client: HTTPClient, proxied: Bool = false) -> MintConnections {
        http(timeouts: .default) { _ in (client, proxied) }
    }

    /// A new `HTTPClient` configured for talking to mints: redirects not followed, the library's connect timeout,
    /// idle connections closed after 2 s, no response decompression.
    /// - Parameter proxy: every connection goes through it (nothing goes out directly, even when it is down).
    /// - Returns: a client the caller owns: call `try await client.shutdown()` when done with it.
    public static func makeHTTPClient(proxy: NetworkProxy? = nil) -> HTTPClient {
        HTTPMintConnector.makeHTTPClient(timeouts: .default, proxy: proxy)
    }

    /// Every mint over HTTP through the client `route` gives for it (and whether that client is proxied), with one
    /// request pacer per mint for the wallet's life.
    package static func http(
        timeouts: MintTimeouts, logger: Logger? = nil, onRateLimited: (@Sendable (MintURL, Duration) -> Void)? = nil,
        authorizer: @escaping @Sendable (MintURL) -> (any MintRequestAuthorizer)? = { _ in nil },
        route: @escaping @Sendable (MintURL) -> (client: HTTPClient, proxied: Bool)
    ) -> MintConnections {
        let pacers = MintRequestPacers()
        return MintConnections { mint in
            let (client, proxied) = route(mint)
            return HTTPMintConnector(
                mintURL: mint, httpClient: client, timeouts: timeouts, logger: logger, pacer: pacers.pacer(for: mint),
                onRateLimited: onRateLimited, proxied: proxied, authorizer: authorizer(mint))
        }
    }
}
