// Mint client: an HTTP connector adapted to a mint's stored capabilities (NUT-19 cached endpoints).

import CashuEngine
extension HTTPMintConnector {
    /// NUT-19: the connector with the mint's cached-endpoint setting, so failed writes are replayed.
    public func configured(with capabilities: MintCapabilities) -> any MintConnector {
        with(cachedResponses: capabilities.cachedResponses)
    }
}
