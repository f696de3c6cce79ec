// NUT-21 — a mint login in use: the access token sent as `Clear-auth` on the endpoints the mint protects, renewed with
// the refresh token shortly before it expires, kept in the secure store (never in the wallet store or a log).

import CashuEngine
import Foundation

/// The `Clear-auth` side of a mint's authentication.
package actor ClearAuthSession: MintRequestAuthorizer {
    package let mint: MintURL
    let settings: ClearAuthSettings
    let secureStore: any SecureStore
    let client: OpenIDClient
    private var configuration: OpenIDConfiguration?
    private var cached: ClearAuthTokens?
    /// The renewal under way: concurrent requests wait for it instead of spending the refresh token twice (a
    /// provider that rotates refresh tokens would refuse the second use).
    private var renewal: Task<Result<ClearAuthTokens, AuthError>, Never>?

    /// - Parameters:
    ///   - mint: the mint.
    ///   - settings: its NUT-21 settings (discovery URL, client id, protected endpoints).
    ///   - secureStore: where the login is kept (`SecureStoreKey/clearAuth(_:)`).
    ///   - client: talks to the provider (its client id must be the mint's).
    package init(mint: MintURL, settings: ClearAuthSettings, secureStore: any SecureStore, client: OpenIDClient) {
        self.mint = mint
        self.settings = settings
        self.secureStore = secureStore
        self.client = client
    }

    package nonisolated func headers(method: String, path: String) async throws(MintClientError)
        -> [(name: String, value: String)]
    {
        guard settings.isProtected(method: method, path: path) else { return [] }
        do {
            return [("Clear-auth", try await validAccessToken())]
        } catch {
            throw MintClientError(
                .authenticationRequired, endpoint: "\(method) \(path)", error.reason, underlying: error)
        }
    }

    /// The stored login, if any.
    package func tokens() async throws(AuthError) -> ClearAuthTokens? {
        if let cached { return cached }
        let stored: SecureBytes?
        do { stored = try await secureStore.load(key: SecureStoreKey.clearAuth(mint)) } catch {
            throw AuthError(.loginRequired, "the login cannot be read from the secure store")
        }
        // A renewal that finished while the store was read is newer than what was read.
        if let cached { return cached }
        guard let stored else { return nil }
        guard let tokens = try? JSONDecoder().decode(ClearAuthTokens.self, from: Data(stored.exposedSecretBytes))
        else { throw AuthError(.loginRequired, "the stored login is damaged: log in again") }
        cached = tokens
        return tokens
    }

    /// Keeps a new login (after `cashu auth login`).
    package func store(_ tokens: ClearAuthTokens) async throws(AuthError) {
        let bytes: Data
        do { bytes = try JSONEncoder().encode(tokens) } catch {
            throw AuthError(.invalidProvider, "the login cannot be encoded")
        }
        do { try await secureStore.save(SecureBytes(Array(bytes)), key: SecureStoreKey.clearAuth(mint)) } catch {
            throw AuthError(.loginRequired, "the login cannot be saved in the secure store")
        }
        cached = tokens
    }

    /// Forgets the login.
    package func logout() async throws(AuthError) {
        cached = nil
        do { try await secureStore.delete(key: SecureStoreKey.clearAuth(mint)) } catch {
            throw AuthError(.loginRequired, "the login cannot be removed from the secure store")
        }
    }

    /// The provider's discovery document (fetched once).
    package func providerConfiguration() async throws(AuthError) -> OpenIDConfiguration {
        if let configuration { return configuration }
        let fetched = try await client.configuration(discovery: settings.openidDiscovery)
        configuration = fetched
        return fetched
    }

    /// An access token good for the next request: the stored one, renewed first when it is about to expire.
    /// - Throws: `AuthError` `.loginRequired` without a login or when it can no longer be renewed.
    package func validAccessToken(now: Date = Date()) async throws(AuthError) -> String {
        guard let tokens = try await tokens() else {
            throw AuthError(.loginRequired, "\(mint) requires a login: run `cashu auth login`")
        }
        guard tokens.needsRefresh(at: now) else { return tokens.accessToken }
        if let renewal { return try await renewal.value.get().accessToken }
        // The task is registered before anything suspends, so a concurrent request waits for it.
        let task = Task { () -> Result<ClearAuthTokens, AuthError> in
            do throws(AuthError) {
                let renewed = try await self.client.refresh(try await self.providerConfiguration(), tokens)
                // Kept in memory first: the refresh token just used is gone at the provider either way.
                self.remember(renewed)
                // A secure store that cannot save it costs the next process a login, not this request.
                try? await self.store(renewed)
                return .success(renewed)
            } catch {
                return .failure(error)
            }
        }
        renewal = task
        defer { renewal = nil }
        return try await task.value.get().accessToken
    }

    private func remember(_ tokens: ClearAuthTokens) {
        cached = tokens
    }
}
