// NUT-21 — the authorizer a wallet's connectors share for one mint: nothing until a login for the mint is in the
// secure store (`cashu auth login`); then the mint's protected endpoints (read once from its info) get `Clear-auth`.

import AsyncHTTPClient
import CashuEngine
import Foundation

/// Authenticates a mint's requests with the login kept for it, if any.
package actor StoredLoginAuthorizer: MintRequestAuthorizer {
    package let mint: MintURL
    let secureStore: any SecureStore
    let httpClient: HTTPClient
    let proxied: Bool
    private var session: ClearAuthSession?
    private var checked = false
    /// The lookup under way, shared by concurrent requests (one session per mint).
    private var lookup: Task<ClearAuthSession?, Never>?
    /// Bumped by ``reload()``: a lookup begun before it does not settle anything.
    private var generation = 0

    /// - Parameters:
    ///   - mint: the mint.
    ///   - secureStore: where `cashu auth login` keeps the login (`SecureStoreKey/clearAuth(_:)`).
    ///   - httpClient: the client for the mint's info and its provider (the mint's own route: its proxy, if any).
    ///   - proxied: whether that client goes through a proxy.
    package init(mint: MintURL, secureStore: any SecureStore, httpClient: HTTPClient, proxied: Bool) {
        self.mint = mint
        self.secureStore = secureStore
        self.httpClient = httpClient
        self.proxied = proxied
    }

    package nonisolated func headers(method: String, path: String) async throws(MintClientError)
        -> [(name: String, value: String)]
    {
        // The info itself is never protected (and asking for headers there would loop).
        guard path != "/v1/info", let session = await currentSession() else { return [] }
        return try await session.headers(method: method, path: path)
    }

    /// Forgets what was learned, so the next request looks for a login again (after `cashu auth login` or
    /// `logout` in this process).
    package func reload() {
        session = nil
        checked = false
        lookup = nil
        generation += 1
    }

    /// The session, once a login exists and the mint's NUT-21 settings are known; `nil` without a login (requests go
    /// out bare, and a mint that needs one refuses: `authenticationRequired`).
    private func currentSession() async -> ClearAuthSession? {
        if let session { return session }
        guard !checked else { return nil }
        if let lookup { return await lookup.value }
        let started = generation
        let task = Task { await self.lookUp(generation: started) }
        lookup = task
        let found = await task.value
        if lookup == task { lookup = nil }
        return found
    }

    private func lookUp(generation started: Int) async -> ClearAuthSession? {
        if let session { return session }
        // Looked up once (a secure store lookup can be a D-Bus round trip): a login made later by another process
        // is seen after ``reload()`` or a new wallet.
        guard (try? await secureStore.load(key: SecureStoreKey.clearAuth(mint))) != nil else {
            if generation == started { checked = true }
            return nil
        }
        let connector = HTTPMintConnector(mintURL: mint, httpClient: httpClient, proxied: proxied)
        guard let settings = try? await connector.info().nuts.clearAuth else {
            if generation == started { checked = true }
            return nil
        }
        let created = ClearAuthSession(
            mint: mint, settings: settings, secureStore: secureStore,
            client: OpenIDClient(httpClient: httpClient, clientID: settings.clientID))
        if generation == started { session = created }
        return created
    }
}
