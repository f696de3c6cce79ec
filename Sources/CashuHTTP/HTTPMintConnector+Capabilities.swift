// Mint client: an HTTP connector adapted to a mint's stored capabilities (NUT-19 cached endpoints, NUT-22 blind auth).

import CashuEngine
extension HTTPMintConnector {
    /// NUT-19: the connector with the mint's cached-endpoint setting, so failed writes are replayed.
    package func configured(with capabilities: MintCapabilities) -> any MintConnector {
        with(cachedResponses: capabilities.cachedResponses)
    }

    /// NUT-22: the connector adding a `Blind-auth` header from `tokens` to each request `settings` protects, on top
    /// of this connector's own authorizer (NUT-21).
    package func authenticatingBlindly(_ settings: BlindAuthSettings, tokens: any BlindAuthTokenSource)
        -> any MintConnector
    {
        with(authorizer: BlindAuthAuthorizer(mint: mintURL, settings: settings, tokens: tokens, inner: authorizer))
    }
}
