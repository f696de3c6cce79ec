// NUT-22 — Blind authentication: the `Blind-auth` header on each endpoint the mint protects with it, on top of
// whatever the clear-auth authorizer adds.

/// Adds one blind auth token to each request for an endpoint in the mint's NUT-22 list.
///
/// The `/v1/auth/` endpoints never get one (minting tokens must not need a token, whatever the mint lists).
package struct BlindAuthAuthorizer: MintRequestAuthorizer {
    /// The mint the tokens are for.
    package let mint: MintURL
    /// The mint's NUT-22 settings.
    package let settings: BlindAuthSettings
    /// Where tokens come from.
    package let tokens: any BlindAuthTokenSource
    /// The authorizer beneath (NUT-21 clear auth), if any.
    package let inner: (any MintRequestAuthorizer)?

    /// The header's name.
    package static let headerName = "Blind-auth"

    /// Creates an authorizer.
    package init(
        mint: MintURL, settings: BlindAuthSettings, tokens: any BlindAuthTokenSource,
        inner: (any MintRequestAuthorizer)?
    ) {
        self.mint = mint
        self.settings = settings
        self.tokens = tokens
        self.inner = inner
    }

    /// Whether a request needs a blind auth token.
    package func needsToken(method: String, path: String) -> Bool {
        !path.hasPrefix("/v1/auth/") && settings.isProtected(method: method, path: path)
    }

    package func headers(method: String, path: String) async throws(MintClientError)
        -> [(name: String, value: String)]
    {
        var headers = try await inner?.headers(method: method, path: path) ?? []
        guard needsToken(method: method, path: path) else { return headers }
        let token = try await tokens.blindAuthToken(for: mint)
        do {
            headers.append((Self.headerName, try token.headerValue()))
        } catch {
            throw MintClientError(
                .authenticationRequired, endpoint: "\(method) \(path)", "a blind auth token could not be encoded",
                underlying: error)
        }
        return headers
    }
}
