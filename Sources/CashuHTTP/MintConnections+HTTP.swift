// Mint client: the wallet's connections to its mints over HTTP.

import AsyncHTTPClient
import CashuEngine
import Logging

extension MintConnections {
    /// Every mint over HTTP through `client` (make one with `HTTPMintConnector.makeHTTPClient(timeouts:proxy:)`
    /// and shut it down after the wallet is done).
    ///
    /// Each mint keeps one request pacer for the wallet's life, so a connection made again (after the mint's info
    /// changed) still spaces its requests as the mint's rate limit asks.
    /// - Parameters:
    ///   - client: the HTTP client, shared by every mint.
    ///   - timeouts: how long each kind of request may take (the long melt deadline among them).
    ///   - proxied: `client` goes through a proxy (to Tor): only then are `.onion` mints reached.
    public static func http(client: HTTPClient, timeouts: MintTimeouts = .default, proxied: Bool = false)
        -> MintConnections
    {
        http(timeouts: timeouts) { _ in (client, proxied) }
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
