// Mint client: the authentication a mint asks for on its protected endpoints (NUT-21 `Clear-auth`, NUT-22
// `Blind-auth`), added to each request by whoever holds the login.

/// Supplies the headers that authenticate a request to a mint's protected endpoint.
package protocol MintRequestAuthorizer: Sendable {
    /// The headers for one request (none when the endpoint is not protected).
    /// - Parameters:
    ///   - method: `GET` or `POST`.
    ///   - path: the concrete path, e.g. `/v1/mint/quote/bolt11`.
    /// - Throws: ``MintClientError`` `.authenticationRequired` when the request cannot be authenticated (no login, a
    ///   login that can no longer be renewed): it is then never sent.
    func headers(method: String, path: String) async throws(MintClientError) -> [(name: String, value: String)]
}
