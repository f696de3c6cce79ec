// Mint client: the wallet's connections to its mints over HTTP.

import AsyncHTTPClient
import CashuEngine

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
        let pacers = MintRequestPacers()
        return MintConnections { mint in
            HTTPMintConnector(
                mintURL: mint, httpClient: client, timeouts: timeouts, pacer: pacers.pacer(for: mint), proxied: proxied)
        }
    }
}
