// Tests of NUT-21 clear authentication against a real OpenID provider (scripts/test-auth) and a real Nutshell mint
// requiring it: password and device logins, the Clear-auth header accepted, a missing or foreign login refused, and
// an access token renewed with the refresh token before it expires.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
import CoreCashu

@Suite("NUT-21 clear auth with a real provider", .serialized, .timeLimit(.minutes(3)))
struct ClearAuthTests {
    /// A provider whose access tokens live 40 s (inside the 30 s renewal margin after 10 s), and a mint protecting
    /// `GET /v1/keysets` with clear auth (and nothing with blind auth).
    static let servers = Task { () throws -> (TestAuthProvider, TestMint) in
        let provider = try await TestAuthProvider.start(environment: ["OIDC_ACCESS_TOKEN_LIFETIME": "40"])
        let mint = try await provider.mint(clearPaths: [["POST", "/v1/auth/blind/mint"], ["GET", "/v1/keysets"]])
        return (provider, mint)
    }

    /// The mint's NUT-21 settings, a client for its provider, and a session over a fresh secure store.
    static func session(clientID: String? = nil) async throws
        -> (TestAuthProvider, TestMint, ClearAuthSession, OpenIDClient)
    {
        let (provider, mint) = try await servers.value
        let info = try await mint.connector().info()
        let settings = try #require(info.nuts.clearAuth)
        #expect(settings.clientID == provider.clientID)
        #expect(settings.isProtected(method: "GET", path: "/v1/keysets"))
        let client = OpenIDClient(httpClient: TestHTTP.client, clientID: clientID ?? settings.clientID)
        let secrets = FileSecureStore(
            file: FileManager.default.temporaryDirectory.appendingPathComponent("auth-\(UUID().uuidString).json"))
        let session = ClearAuthSession(mint: mint.url, settings: settings, secureStore: secrets, client: client)
        return (provider, mint, session, client)
    }

    static func keysets(_ mint: TestMint, _ session: ClearAuthSession?) async throws(MintClientError) -> Int {
        let connector = HTTPMintConnector(mintURL: mint.url, httpClient: TestHTTP.client, authorizer: session)
        return try await connector.keysets().keysets.count
    }

    @Test("password login: the protected endpoint answers with Clear-auth and refuses without it")
    func passwordLogin() async throws {
        let (provider, mint, session, client) = try await Self.session()
        // No login: the request never leaves.
        await #expect(throws: MintClientError.self) { try await Self.keysets(mint, session) }
        // No header at all: Nutshell refuses with code 0, "Missing clear auth token.".
        do {
            _ = try await Self.keysets(mint, nil)
            Issue.record("the mint answered without a login")
        } catch {
            #expect(error.code == .mintRefused)
            #expect(WalletError.mint(error).code == .authenticationRequired)
        }
        let configuration = try await session.providerConfiguration()
        let tokens = try await client.login(configuration, user: provider.user, password: provider.password)
        #expect(tokens.subject == provider.user && tokens.refreshToken != nil)
        try await session.store(tokens)
        #expect(try await Self.keysets(mint, session) > 0)
        // A wrong password is a typed refusal.
        do {
            _ = try await client.login(configuration, user: provider.user, password: "wrong")
            Issue.record("a wrong password logged in")
        } catch {
            #expect(error.code == .loginRefused)
        }
    }

    @Test("device login: the test approves the user code at the verification page, the wallet polls it in")
    func deviceLogin() async throws {
        let (provider, mint, session, client) = try await Self.session()
        let configuration = try await session.providerConfiguration()
        let authorization = try await client.startDeviceLogin(configuration)
        #expect(!authorization.userCode.isEmpty)
        async let tokens = client.finishDeviceLogin(configuration, authorization)
        #expect(try await provider.approve(
            userCode: authorization.userCode, verificationURI: authorization.verificationURI) == 200)
        try await session.store(try await tokens)
        #expect(try await Self.keysets(mint, session) > 0)
        // A denied login is a typed refusal.
        let second = try await client.startDeviceLogin(configuration)
        async let denied = client.finishDeviceLogin(configuration, second)
        _ = try await provider.approve(userCode: second.userCode, verificationURI: second.verificationURI, deny: true)
        do {
            _ = try await denied
            Issue.record("a denied login logged in")
        } catch let error as AuthError {
            #expect(error.code == .declined)
        }
    }

    @Test("an access token about to expire is renewed once, for concurrent requests, and the new one is accepted")
    func renewal() async throws {
        let (provider, mint, session, client) = try await Self.session()
        let configuration = try await session.providerConfiguration()
        let tokens = try await client.login(configuration, user: provider.user, password: provider.password)
        try await session.store(tokens)
        // 40 s tokens are inside the 30 s margin 10 s from now: the next requests renew first.
        let later = Date().addingTimeInterval(11)
        async let first = session.validAccessToken(now: later)
        async let second = session.validAccessToken(now: later)
        let (a, b) = try await (first, second)
        #expect(a == b && a != tokens.accessToken)
        let renewed = try #require(try await session.tokens())
        #expect(renewed.refreshToken != tokens.refreshToken)
        #expect(try await Self.keysets(mint, session) > 0)
        // The first refresh token was rotated away: refreshing with it again means logging in again.
        do {
            _ = try await client.refresh(configuration, tokens)
            Issue.record("a used refresh token renewed again")
        } catch {
            #expect(error.code == .loginRequired)
        }
    }

    @Test("a login for another client id is refused by the mint (30002): authenticationRequired")
    func foreignClient() async throws {
        let (provider, mint, session, _) = try await Self.session()
        let foreign = OpenIDClient(httpClient: TestHTTP.client, clientID: provider.otherClientID)
        let configuration = try await session.providerConfiguration()
        try await session.store(
            try await foreign.login(configuration, user: provider.user, password: provider.password))
        do {
            _ = try await Self.keysets(mint, session)
            Issue.record("the mint accepted another client's token")
        } catch {
            #expect(error.mintError?.code == 30002)
            #expect(WalletError.mint(error).code == .authenticationRequired)
        }
    }
}
