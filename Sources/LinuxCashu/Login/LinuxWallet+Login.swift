// LinuxWallet: logging in to a mint's OpenID provider (NUT-21) — password or device flow — the login kept in the
// secure store, the mint's requests authorized with it at once, and its NUT-22 blind auth tokens topped up.

import CoreCashu
import Foundation

extension LinuxWallet {
    /// Logs in to `mint`'s provider with a user name and password (the password grant) and keeps the login.
    /// - Returns: the login, as ``login(at:)`` would show it.
    /// - Throws: `WalletError`: `unsupported` when the mint requires no login, `invalidInput` for a refused login,
    ///   `mintUnreachable` for a mint or provider that cannot be reached, `invalidMintResponse` for a provider that
    ///   answers wrongly, `secureStore` when the login cannot be kept.
    public func login(at mint: MintURL, user: String, password: String) async throws(WalletError) -> MintLogin {
        let (session, client) = try await loginSession(mint)
        let tokens = try await Self.authenticated { () async throws(AuthError) in
            try await client.login(try await session.providerConfiguration(), user: user, password: password)
        }
        return try await keep(tokens, in: session, for: mint)
    }

    /// Starts a device login to `mint`'s provider: the user opens the address it gives and enters its code.
    /// - Throws: `WalletError` as ``login(at:user:password:)``.
    public func startDeviceLogin(at mint: MintURL) async throws(WalletError) -> DeviceLogin {
        let (session, client) = try await loginSession(mint)
        let (configuration, authorization) = try await Self.authenticated {
            () async throws(AuthError) -> (OpenIDConfiguration, DeviceAuthorization) in
            let configuration = try await session.providerConfiguration()
            return (configuration, try await client.startDeviceLogin(configuration))
        }
        return DeviceLogin(
            mint: mint, session: session, client: client, configuration: configuration, authorization: authorization)
    }

    /// Waits until the user approved `login` (or it expired or was declined), then keeps the login.
    /// - Throws: `WalletError` as ``login(at:user:password:)``; `invalidInput` when the login was declined or
    ///   expired.
    public func finishDeviceLogin(_ login: DeviceLogin) async throws(WalletError) -> MintLogin {
        let tokens = try await Self.authenticated { () async throws(AuthError) in
            let pending = login.pending
            return try await pending.client.finishDeviceLogin(pending.configuration, pending.authorization)
        }
        return try await keep(tokens, in: login.pending.session, for: login.mint)
    }

    /// The login kept for `mint`, or `nil` when there is none.
    /// - Throws: `WalletError` as ``login(at:user:password:)``.
    public func login(at mint: MintURL) async throws(WalletError) -> MintLogin? {
        let (session, _) = try await loginSession(mint)
        return try await Self.authenticated { () async throws(AuthError) in try await session.tokens() }
            .map(Self.login)
    }

    /// Forgets the login kept for `mint`. Its blind auth tokens stay: they are anonymous.
    /// - Throws: `WalletError` as ``login(at:user:password:)``.
    public func logout(at mint: MintURL) async throws(WalletError) {
        let (session, _) = try await loginSession(mint)
        try await Self.authenticated { () async throws(AuthError) in try await session.logout() }
        await authorizers.authorizer(for: mint).reload()
    }

    /// Keeps `tokens`, makes the mint's next requests use them, reads the mint's info again (it may have turned
    /// login on since it was added) and, for a mint in the wallet that uses blind auth, tops up its token pool (a
    /// failure there is left for the next request that needs a token).
    private func keep(_ tokens: ClearAuthTokens, in session: ClearAuthSession, for mint: MintURL)
        async throws(WalletError) -> MintLogin
    {
        try await Self.authenticated { () async throws(AuthError) in try await session.store(tokens) }
        await authorizers.authorizer(for: mint).reload()
        if (try? await wallet.mints().contains { $0.url == mint }) == true,
            (try? await wallet.addMint(mint))?.blindAuth != nil,
            (try? await wallet.blindAuthTokenCount(mint: mint)).map({ $0 < 10 }) == true
        {
            _ = try? await wallet.mintBlindAuthTokens(mint: mint)
        }
        return Self.login(tokens)
    }

    /// The mint's NUT-21 session and a provider client, on the mint's own route.
    private func loginSession(_ mint: MintURL) async throws(WalletError) -> (ClearAuthSession, OpenIDClient) {
        let (client, proxied) = httpClient.client(for: mint)
        let info: MintInfo
        do { info = try await HTTPMintConnector(mintURL: mint, httpClient: client, proxied: proxied).info() } catch {
            throw WalletError.mint(error)
        }
        guard let settings = info.nuts.clearAuth else {
            throw WalletError(.unsupported, "\(mint) requires no login (no NUT-21 in its info)")
        }
        let provider = OpenIDClient(httpClient: client, clientID: settings.clientID)
        return (
            ClearAuthSession(mint: mint, settings: settings, secureStore: secrets.store, client: provider), provider
        )
    }

    /// Runs a login step, its `AuthError` as a `WalletError`.
    private static func authenticated<T>(_ body: () async throws(AuthError) -> T) async throws(WalletError) -> T {
        do { return try await body() } catch {
            let code: WalletError.Code =
                switch error.code {
                case .unreachable: .mintUnreachable
                case .loginRequired: .authenticationRequired
                case .invalidProvider: .invalidMintResponse
                default: .invalidInput
                }
            throw WalletError(code, error.reason, underlying: error)
        }
    }

    private static func login(_ tokens: ClearAuthTokens) -> MintLogin {
        MintLogin(user: tokens.subject, expiresAt: tokens.expiresAt, renewable: tokens.refreshToken != nil)
    }
}
