// Mint client (NUT-21/22): a connector that tells the wallet's subscribers when a mint refuses a request for want of
// a login, so a front end can ask the user to log in (`WalletEvent.loginNeeded`) instead of parsing errors.

/// Forwards every request to `base`; a refusal for want of a login (`MintClientError/needsLogin`) is reported
/// through `onLoginNeeded`, then thrown as it was.
struct LoginWatchingConnector: MintConnector {
    let base: any MintConnector
    let onLoginNeeded: @Sendable (MintURL) -> Void

    var mintURL: MintURL { base.mintURL }

    private func watched<T>(_ body: @autoclosure () async throws(MintClientError) -> T) async throws(MintClientError)
        -> T
    {
        do { return try await body() } catch {
            if error.needsLogin { onLoginNeeded(base.mintURL) }
            throw error
        }
    }

    func info() async throws(MintClientError) -> MintInfo { try await watched(await base.info()) }

    func keys() async throws(MintClientError) -> KeysResponse { try await watched(await base.keys()) }

    func keys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        try await watched(await base.keys(keysetID: keysetID))
    }

    func keysets() async throws(MintClientError) -> KeysetsResponse { try await watched(await base.keysets()) }

    func mintQuote(_ request: MintQuoteBolt11Request) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await watched(await base.mintQuote(request))
    }

    func mintQuoteState(quote: String) async throws(MintClientError) -> MintQuoteBolt11Response {
        try await watched(await base.mintQuoteState(quote: quote))
    }

    func mint(_ request: MintRequest) async throws(MintClientError) -> MintResponse {
        try await watched(await base.mint(request))
    }

    func checkMintQuotes(_ request: BatchCheckRequest) async throws(MintClientError) -> [MintQuoteBolt11Response] {
        try await watched(await base.checkMintQuotes(request))
    }

    func batchMint(_ request: BatchMintRequest) async throws(MintClientError) -> MintResponse {
        try await watched(await base.batchMint(request))
    }

    func meltQuote(_ request: MeltQuoteBolt11Request) async throws(MintClientError) -> MeltQuoteResponse {
        try await watched(await base.meltQuote(request))
    }

    func meltQuoteState(quote: String) async throws(MintClientError) -> MeltQuoteResponse {
        try await watched(await base.meltQuoteState(quote: quote))
    }

    func melt(_ request: MeltRequest) async throws(MintClientError) -> MeltQuoteResponse {
        try await watched(await base.melt(request))
    }

    func swap(_ request: SwapRequest) async throws(MintClientError) -> SwapResponse {
        try await watched(await base.swap(request))
    }

    func checkState(_ request: CheckStateRequest) async throws(MintClientError) -> CheckStateResponse {
        try await watched(await base.checkState(request))
    }

    func restore(_ request: RestoreRequest) async throws(MintClientError) -> RestoreResponse {
        try await watched(await base.restore(request))
    }

    func configured(with capabilities: MintCapabilities) -> any MintConnector {
        LoginWatchingConnector(base: base.configured(with: capabilities), onLoginNeeded: onLoginNeeded)
    }

    func blindAuthKeysets() async throws(MintClientError) -> KeysetsResponse {
        try await watched(await base.blindAuthKeysets())
    }

    func blindAuthKeys(keysetID: KeysetID) async throws(MintClientError) -> KeysResponse {
        try await watched(await base.blindAuthKeys(keysetID: keysetID))
    }

    func blindAuthMint(_ request: BlindAuthMintRequest) async throws(MintClientError) -> MintResponse {
        try await watched(await base.blindAuthMint(request))
    }

    func authenticatingBlindly(_ settings: BlindAuthSettings, tokens: any BlindAuthTokenSource) -> any MintConnector {
        LoginWatchingConnector(base: base.authenticatingBlindly(settings, tokens: tokens), onLoginNeeded: onLoginNeeded)
    }
}
