// Tests of WebSocket/MintWebSocketClient+Connection.swift: the real mint killed and restarted mid-subscription.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Mint WebSocket client across mint restarts", .serialized, .timeLimit(.minutes(5)))
struct MintWebSocketReconnectTests {
    static let waitLimit = Duration.seconds(120)

    static func connector(_ url: MintURL) -> HTTPMintConnector {
        HTTPMintConnector(mintURL: url, httpClient: TestHTTP.client)
    }

    @Test("Killed and restarted: the client reconnects, resubscribes, and delivers the later notification")
    func reconnectsAndResubscribes() async throws {
        let mint = try await RestartableTestMint.make()
        // FakeWallet without BRR leaves the invoice unpaid until the restarted mint (with BRR) is asked about it.
        try await mint.start(["FAKEWALLET_BRR": "False"])
        let url = try mint.url
        let quote = try await Self.connector(url).mintQuote(MintQuoteBolt11Request(amount: 21, unit: .sat))
        let client = try MintWebSocketClient(
            mint: url,
            configuration: WebSocketConfiguration(
                backoff: ReconnectBackoff(initial: .milliseconds(100), maximum: .seconds(1)), maxReconnectAttempts: nil
            ))
        let states = await StreamRecorder.start(await client.stateUpdates())
        let stream = try await client.subscribe(
            SubscriptionRequest(mint: url, kind: .bolt11MintQuote, filters: [quote.quote]))
        let notifications = await StreamRecorder.start(stream)
        #expect(
            await notifications.wait(timeout: Self.waitLimit) { items, _ in
                items.contains { MintWebSocketClientTests.mintQuoteState($0) == .unpaid }
            })

        await mint.kill()
        #expect(await states.wait(timeout: Self.waitLimit) { items, _ in items.last != .connected })
        try await mint.start(["FAKEWALLET_BRR": "True"])
        #expect(
            await states.wait(timeout: Self.waitLimit) { items, _ in
                guard let lost = items.lastIndex(of: .disconnected) else { return false }
                return items[lost...].contains(.connected)
            })
        #expect(await client.subscriptionCount == 1)
        // The restarted mint settles the invoice when asked over HTTP, and notifies the resubscribed stream.
        _ = try await Self.connector(url).mintQuoteState(quote: quote.quote)
        #expect(
            await notifications.wait(timeout: Self.waitLimit) { items, _ in
                items.contains { MintWebSocketClientTests.mintQuoteState($0) == .paid }
            })
        #expect(!(await notifications.finished))
        let seen = await states.items
        #expect(seen.contains(.connecting(attempt: 1)), "\(seen)")
        await notifications.stop()
        await client.shutdown()
        await mint.remove()
    }

    @Test("A mint that stays down: the client gives up, finishes the stream; a new subscription tries again")
    func givesUpThenRecovers() async throws {
        let mint = try await RestartableTestMint.make()
        try await mint.start()
        let url = try mint.url
        let client = try MintWebSocketClient(
            mint: url,
            configuration: WebSocketConfiguration(
                connectTimeout: .seconds(30),
                backoff: ReconnectBackoff(initial: .milliseconds(50), maximum: .milliseconds(200)),
                maxReconnectAttempts: 2))
        let stream = try await client.subscribe(SubscriptionRequest(mint: url, kind: .proofState, filters: []))
        let notifications = await StreamRecorder.start(stream)
        await mint.kill()
        #expect(await notifications.wait(timeout: Self.waitLimit) { _, finished in finished })
        #expect(await client.state == .failed(.unreachable))
        #expect(await client.subscriptionCount == 0)

        try await mint.start()
        let again = try await client.subscribe(SubscriptionRequest(mint: url, kind: .proofState, filters: []))
        #expect(await client.state == .connected)
        _ = again
        await client.shutdown()
        await mint.remove()
    }
}
