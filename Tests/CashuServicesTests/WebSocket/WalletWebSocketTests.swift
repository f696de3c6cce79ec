// Tests of the wallet waiting through MintWebSocketPool (CoreCashu Wallet+Waiting over CashuServices' NUT-17 client).

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Wallet waiting through the mint WebSocket", .serialized, .timeLimit(.minutes(5)))
struct WalletWebSocketTests {
    static let waitLimit = Duration.seconds(120)

    /// Notifications trigger checks quickly; without them the wallet would not check again for an hour.
    static let hintOnly = {
        var options = WalletOptions(pollInterval: .milliseconds(100))
        options.subscriptionCheckInterval = .seconds(3600)
        return options
    }()

    static func eventually(_ condition: () async throws -> Bool) async rethrows -> Bool {
        try await AsyncWaiting.eventually(within: waitLimit, condition)
    }

    static func value<T: Sendable>(of task: Task<T, any Error>, within limit: Duration) async throws -> T? {
        try await AsyncWaiting.value(of: task, within: limit)
    }

    @Test("waitForMintQuote returns when the mint's notification says PAID (confirmed over HTTP)")
    func mintQuoteThroughWebSocket() async throws {
        let mint = try await RestartableTestMint.make()
        try await mint.start(["FAKEWALLET_BRR": "False", "MINT_INPUT_FEE_PPK": "0"])
        let url = try mint.url
        let pool = MintWebSocketPool(
            configuration: WebSocketConfiguration(
                backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .seconds(1)), maxReconnectAttempts: nil
            ))
        let wallet = try await WebSocketTestWallet.open(options: Self.hintOnly, subscriptions: pool)
        defer { wallet.remove() }
        try await wallet.wallet.addMint(url)
        let quote = try await wallet.wallet.requestMintQuote(amount: 100, mint: url)
        // Neither its deadline nor its HTTP checks could end this wait within the test: only a notification can.
        let waiting = Task { try await wallet.wallet.waitForMintQuote(quote.id, timeout: .seconds(3 * 3600)) }
        let client = try await pool.client(for: url)
        // Subscribed (accepted by the mint) before the mint goes down.
        #expect(await Self.eventually { await client.activeSubscriptionCount == 1 })

        // The invoice gets paid: a restart with BRR, and an HTTP check (the test's own) that makes FakeWallet settle
        // it; the mint then notifies the resubscribed wallet.
        await mint.kill()
        try await mint.start(
            ["FAKEWALLET_BRR": "True", "MINT_INPUT_FEE_PPK": "0", "MINT_QUOTE_BACKEND_CHECK_RATE_LIMIT": "0"])
        #expect(await Self.eventually { await client.state == .connected })
        let checker = HTTPMintConnector(mintURL: url, httpClient: TestHTTP.client)
        #expect(try await Self.eventually { try await checker.mintQuoteState(quote: quote.id).state == .paid })

        let paid = try #require(await Self.value(of: waiting, within: Self.waitLimit))
        #expect(paid.state == .paid)
        _ = try await wallet.wallet.mint(quoteID: quote.id)
        #expect(try await wallet.wallet.balance(mint: url) == 100)
        // The wait unsubscribed when it ended.
        #expect(await Self.eventually { await client.subscriptionCount == 0 })
        await pool.shutdown()
        await mint.remove()
    }

    @Test("The socket dies for good: the wallet falls back to polling and still sees the quote paid")
    func fallsBackToPolling() async throws {
        let mint = try await RestartableTestMint.make()
        try await mint.start(["FAKEWALLET_BRR": "False"])
        let url = try mint.url
        let pool = MintWebSocketPool(
            configuration: WebSocketConfiguration(
                connectTimeout: .seconds(30),
                backoff: ReconnectBackoff(initial: .milliseconds(50), maximum: .milliseconds(100)),
                maxReconnectAttempts: 1))
        var options = WalletOptions(pollInterval: .milliseconds(200))
        options.subscriptionCheckInterval = .seconds(3600)
        let wallet = try await WebSocketTestWallet.open(options: options, subscriptions: pool)
        defer { wallet.remove() }
        try await wallet.wallet.addMint(url)
        let quote = try await wallet.wallet.requestMintQuote(amount: 50, mint: url)
        let waiting = Task { try await wallet.wallet.waitForMintQuote(quote.id, timeout: Self.waitLimit) }
        let client = try await pool.client(for: url)
        // Subscribed (accepted by the mint) before the mint goes down.
        #expect(await Self.eventually { await client.activeSubscriptionCount == 1 })

        await mint.kill()
        #expect(await Self.eventually { await client.state == .failed(.unreachable) })
        // Polling meanwhile meets an unreachable mint, which does not end the wait.
        try await mint.start(["FAKEWALLET_BRR": "True"])
        let paid = try await waiting.value
        #expect(paid.state == .paid)
        await pool.shutdown()
        await mint.remove()
    }

    @Test("waitForMelt settles a pending melt when the restarted mint's notification says PAID")
    func meltThroughWebSocket() async throws {
        let mint = try await RestartableTestMint.make()
        try await mint.start(["FAKEWALLET_PAY_INVOICE_STATE": "PENDING", "FAKEWALLET_PAYMENT_STATE": "PENDING"])
        let url = try mint.url
        let pool = MintWebSocketPool(
            configuration: WebSocketConfiguration(
                backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .seconds(1)), maxReconnectAttempts: nil
            ))
        let wallet = try await WebSocketTestWallet.open(options: Self.hintOnly, subscriptions: pool)
        defer { wallet.remove() }
        try await wallet.fund(300, at: url)
        let quote = try await wallet.wallet.meltQuote(
            request: try await TestMint.externalInvoice(amount: 40), mint: url)
        let started = try await wallet.wallet.melt(quoteID: quote.id)
        #expect(started.state == .pending)
        // Only the melt quote's notification can end this wait within the test (see `hintOnly`).
        let waiting = Task { try await wallet.wallet.waitForMelt(quoteID: quote.id, timeout: .seconds(3 * 3600)) }
        let client = try await pool.client(for: url)
        #expect(await Self.eventually { await client.activeSubscriptionCount == 1 })

        // The payment settles while the mint restarts; after resubscribing, the wallet hears PAID.
        await mint.kill()
        try await mint.start()
        let result = try #require(await Self.value(of: waiting, within: Self.waitLimit))
        #expect(result.state == .paid)
        #expect(result.operationID == started.operationID)
        #expect(try await wallet.wallet.proofs(mint: url, statuses: [.pending]).isEmpty)
        #expect(try await wallet.wallet.history().first { $0.kind == .melt }?.state == .done)
        await pool.shutdown()
        await mint.remove()
    }
}
