// Mint client: the wallet's connections to its mints over HTTP.

import AsyncHTTPClient
import CashuEngine

extension MintConnections {
    /// Every mint over HTTP through `client` (make one with `HTTPMintConnector.makeHTTPClient(timeouts:proxy:)`
    /// and shut it down after the wallet is done).
    /// - Parameters:
    ///   - client: the HTTP client, shared by every mint.
    ///   - proxied: `client` goes through a proxy (to Tor): only then are `.onion` mints reached.
    public static func http(client: HTTPClient, proxied: Bool = false) -> MintConnections {
        MintConnections { HTTPMintConnector(mintURL: $0, httpClient: client, proxied: proxied) }
    }
}
