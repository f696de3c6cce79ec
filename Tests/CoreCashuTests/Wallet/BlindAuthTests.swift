// Tests of NUT-22 blind auth against a real OpenID provider and a real Nutshell mint that asks for a blind auth token
// on every swap, mint and melt: tokens minted with the login (DLEQ checked, random secrets) and one spent per
// protected request; no login, no request; a pool that outlives the login; and a child process SIGKILLed at each step
// of minting tokens leaves nothing open and the next tokens minted.

import CashuTestSupport
import Foundation
import Testing

@_spi(Testing) @testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("NUT-22 blind auth with a real mint", .serialized, .timeLimit(.minutes(6)))
struct BlindAuthTests {
    /// Nutshell's own default list of blind-auth endpoints.
    static let blindPaths = [
        ["POST", "/v1/swap"], ["POST", "/v1/mint/quote/bolt11"], ["POST", "/v1/mint/bolt11"],
        ["POST", "/v1/mint/bolt11/batch"], ["POST", "/v1/melt/bolt11"],
    ]

    static let servers = Task { () throws -> (TestAuthProvider, TestMint) in
        let provider = try await TestAuthProvider.start()
        return (provider, try await provider.mint(blindPaths: blindPaths))
    }

    /// A wallet whose connectors authenticate with the login kept in its own secure store (as LinuxWallet's do).
    /// Options that top the NUT-22 pool up `batch` tokens at a time, only when it is empty.
    static func options(batch: Int) -> WalletOptions {
        var options = WalletOptions()
        options.blindAuthBatch = batch
        options.blindAuthLowWater = 0
        return options
    }

    static func wallet(directory: URL? = nil, options: WalletOptions = WalletOptions()) async throws -> TestWallet {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cashu-bat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let secrets = FileSecureStore(file: directory.appendingPathComponent("secrets.json"))
        return try await TestWallet.open(
            directory: directory, options: options,
            connectorFactory: { url in
                HTTPMintConnector(
                    mintURL: url, httpClient: TestHTTP.client,
                    authorizer: StoredLoginAuthorizer(
                        mint: url, secureStore: secrets, httpClient: TestHTTP.client, proxied: false))
            })
    }

    /// Logs the test user in for `mint`, keeping the tokens in the wallet's secure store.
    static func logIn(_ wallet: TestWallet, _ provider: TestAuthProvider, _ mint: TestMint) async throws {
        let settings = try #require(try await mint.connector().info().nuts.clearAuth)
        let client = OpenIDClient(httpClient: TestHTTP.client, clientID: settings.clientID)
        let session = ClearAuthSession(
            mint: mint.url, settings: settings, secureStore: wallet.secureStore, client: client)
        let configuration = try await session.providerConfiguration()
        try await session.store(try await client.login(configuration, user: provider.user, password: provider.password))
    }

    static func authCounter(_ wallet: TestWallet, _ mint: TestMint) async throws -> UInt64 {
        let listed = try await mint.connector().blindAuthKeysets()
        let id = try #require(listed.keysets.first { $0.unit == .auth }?.id)
        return try await wallet.wallet.read { tx in try tx.counter(keysetID: id) }
    }

    @Test("tokens are minted with the login, carry a checked DLEQ, and one is spent per protected request")
    func spendPerRequest() async throws {
        let (provider, mint) = try await Self.servers.value
        let wallet = try await Self.wallet(options: Self.options(batch: 10))
        defer { wallet.remove() }
        try await Self.logIn(wallet, provider, mint)
        // Adding the mint asks nothing protected; the quote and the mint spend one token each, out of a batch of 10.
        try await wallet.fund(64, at: mint)
        #expect(try await wallet.wallet.blindAuthTokenCount(mint: mint.url) == 8)
        // Random secrets: no NUT-13 counter of the auth keyset is used.
        #expect(try await Self.authCounter(wallet, mint) == 0)
        // A swap spends one; a state check (unprotected) none.
        _ = try await wallet.wallet.send(amount: 10, mint: mint.url, options: SendOptions(preferOffline: false))
        #expect(try await wallet.wallet.blindAuthTokenCount(mint: mint.url) == 7)
        let balance = try await wallet.wallet.balance(mint: mint.url)
        #expect(balance <= 54 && balance >= 50)
        #expect(try await wallet.balanceConfirmedByMint(mint) == balance)
        #expect(try await wallet.wallet.blindAuthTokenCount(mint: mint.url) == 7)
        // The stored tokens keep their DLEQ proofs; minting them left no history line and no open operation.
        let token = try #require(try await wallet.wallet.write { tx in try tx.takeAuthProof(mintURL: mint.url) })
        #expect(token.proof.dleq != nil)
        #expect(try await wallet.wallet.history().allSatisfy { $0.kind != .blindAuth })
        #expect(try await wallet.wallet.read { tx in try tx.unfinishedOperations() }.isEmpty)
    }

    @Test("no login and no tokens: the protected request never leaves, nothing stays open, the error says log in")
    func noLogin() async throws {
        let (_, mint) = try await Self.servers.value
        let wallet = try await Self.wallet()
        defer { wallet.remove() }
        try await wallet.wallet.addMint(mint.url)
        do {
            _ = try await wallet.wallet.requestMintQuote(amount: 10, mint: mint.url)
            Issue.record("a quote without a login")
        } catch {
            #expect(error.code == .authenticationRequired, "\(error)")
        }
        #expect(try await wallet.wallet.read { tx in try tx.unfinishedOperations() }.isEmpty)
        #expect(try await wallet.wallet.blindAuthTokenCount(mint: mint.url) == 0)
    }

    @Test("tokens outlive the login: spent until none are left, then authenticationRequired")
    func poolOutlivesLogin() async throws {
        let (provider, mint) = try await Self.servers.value
        let options = Self.options(batch: 3)
        let wallet = try await Self.wallet(options: options)
        defer { wallet.remove() }
        try await Self.logIn(wallet, provider, mint)
        try await wallet.fund(32, at: mint)
        #expect(try await wallet.wallet.blindAuthTokenCount(mint: mint.url) == 1)
        try await wallet.secureStore.delete(key: SecureStoreKey.clearAuth(mint.url))
        // A new process: no login any more, one token left.
        let later = try await Self.wallet(directory: wallet.directory, options: options)
        let quote = try await later.wallet.requestMintQuote(amount: 8, mint: mint.url)
        #expect(try await later.wallet.blindAuthTokenCount(mint: mint.url) == 0)
        _ = try await later.wallet.waitForMintQuote(quote.id, timeout: .seconds(20))
        do {
            _ = try await later.wallet.mint(quoteID: quote.id)
            Issue.record("minted without a token")
        } catch {
            #expect(error.code == .authenticationRequired, "\(error)")
        }
        #expect(try await later.wallet.read { tx in try tx.unfinishedOperations() }.isEmpty)
        // Logged in again, the same quote mints.
        try await Self.logIn(later, provider, mint)
        let again = try await Self.wallet(directory: wallet.directory, options: options)
        #expect(try await again.wallet.mint(quoteID: quote.id).amount == 8)
        #expect(try await again.balanceConfirmedByMint(mint) == 40)
    }

    /// A provider whose access tokens live 33 s: within the 30 s renewal margin 3 s after a login.
    static let shortLived = Task { () throws -> (TestAuthProvider, TestMint) in
        let provider = try await TestAuthProvider.start(environment: ["OIDC_ACCESS_TOKEN_LIFETIME": "33"])
        return (provider, try await provider.mint(blindPaths: blindPaths))
    }

    @Test("a login about to expire mid-session is renewed by the next top-up, which then mints")
    func loginRenewedMidSession() async throws {
        let (provider, mint) = try await Self.shortLived.value
        let wallet = try await Self.wallet(options: Self.options(batch: 2))
        defer { wallet.remove() }
        try await Self.logIn(wallet, provider, mint)
        try await wallet.wallet.addMint(mint.url)
        let key = SecureStoreKey.clearAuth(mint.url)
        let first = try await wallet.secureStore.load(key: key)
        // Batches of 2, topped up as the last one is taken: 2 → 1 → 0, topped up to 2.
        _ = try await wallet.wallet.requestMintQuote(amount: 8, mint: mint.url)
        _ = try await wallet.wallet.requestMintQuote(amount: 8, mint: mint.url)
        #expect(try await wallet.wallet.blindAuthTokenCount(mint: mint.url) == 2)
        try await Task.sleep(for: .seconds(4))
        // The next top-up (after two more quotes) renews the login first.
        _ = try await wallet.wallet.requestMintQuote(amount: 8, mint: mint.url)
        _ = try await wallet.wallet.requestMintQuote(amount: 8, mint: mint.url)
        #expect(try await wallet.wallet.blindAuthTokenCount(mint: mint.url) == 2)
        #expect(try await wallet.secureStore.load(key: key) != first, "the login was renewed")
    }

    static let killPoints = ["planned:blindAuth", "journaled:blindAuth", "answered:blindAuth", "settled:blindAuth"]

    @Test(arguments: killPoints)
    func mintingTokensKilled(at point: String) async throws {
        let (provider, mint) = try await Self.servers.value
        let wallet = try await Self.wallet()
        defer { wallet.remove() }
        try await Self.logIn(wallet, provider, mint)
        try await wallet.wallet.addMint(mint.url)
        let run = try await WalletProbeRunner.run(
            directory: wallet.directory, mint: mint.url, "fund", "16", killAt: point)
        #expect(run.killed, "\(run)")
        // Reopening recovers: the journaled request is sent again (or its refusal closes it); nothing stays open.
        let reopened = try await Self.wallet(directory: wallet.directory)
        #expect(try await reopened.wallet.read { tx in try tx.unfinishedOperations() }.isEmpty)
        let held = try await reopened.wallet.blindAuthTokenCount(mint: mint.url)
        switch point {
        case "planned:blindAuth": #expect(held == 0)
        case "journaled:blindAuth", "settled:blindAuth": #expect(held == 100)
        default: #expect(held == 0 || held == 100)
        }
        // The next tokens are fresh: the mint signs them (it refuses outputs it signed before).
        try await reopened.fund(16, at: mint)
        #expect(try await reopened.balanceConfirmedByMint(mint) == 16)
        #expect(try await reopened.wallet.blindAuthTokenCount(mint: mint.url) == (held == 0 ? 98 : held - 2))
    }
}
