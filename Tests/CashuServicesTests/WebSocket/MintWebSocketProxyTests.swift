// Tests of WebSocket/SOCKSWebSocketDialer.swift: the NUT-17 WebSocket to the real Nutshell mint through a real SOCKS5
// proxy (microsocks) — notifications arrive through it, and with it down the connection fails instead of going
// directly.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@testable import CashuServices

@Suite("Mint WebSocket through a SOCKS5 proxy", .timeLimit(.minutes(3)))
struct MintWebSocketProxyTests {
    @Test("a mint quote's subscription answers through the proxy; with the proxy down, no connection")
    func throughTheProxy() async throws {
        let mint = try await TestMint.shared
        let socks = try await TestSOCKSProxy.start()
        defer { socks.stop() }
        let quote = try await mint.connector().mintQuote(MintQuoteBolt11Request(amount: 21, unit: .sat))
        let client = try MintWebSocketClient(mint: mint.url, proxy: socks.proxy)
        let stream = try await client.subscribe(
            SubscriptionRequest(mint: mint.url, kind: .bolt11MintQuote, filters: [quote.quote]))
        #expect(await client.state == .connected)
        let recorder = await StreamRecorder.start(stream)
        let heard = await recorder.wait(timeout: .seconds(30)) { items, _ in
            items.contains { payload in
                if case .bolt11MintQuote(let response) = payload { return response.quote == quote.quote }
                return false
            }
        }
        #expect(heard)
        await recorder.stop()
        await client.shutdown()

        socks.stop()
        let configuration = WebSocketConfiguration(connectTimeout: .seconds(3), maxReconnectAttempts: 0)
        let cut = try MintWebSocketClient(mint: mint.url, configuration: configuration, proxy: socks.proxy)
        do {
            _ = try await cut.subscribe(
                SubscriptionRequest(mint: mint.url, kind: .bolt11MintQuote, filters: [quote.quote]))
            Issue.record("a WebSocket opened with its proxy down")
        } catch {
            #expect(error.code != .unsupported, "\(error)")
        }
        await cut.shutdown()
    }

    @Test("a mint that answers the upgrade with an HTTP error: refused at once, not a timeout")
    func refusedUpgrade() async throws {
        let mint = try await TestMint.shared
        let socks = try await TestSOCKSProxy.start()
        defer { socks.stop() }
        // No WebSocket under this path: Nutshell answers 404.
        let elsewhere = try MintURL(mint.url.rawValue + "/nothing-here")
        let configuration = WebSocketConfiguration(connectTimeout: .seconds(20), maxReconnectAttempts: 0)
        let client = try MintWebSocketClient(mint: elsewhere, configuration: configuration, proxy: socks.proxy)
        let started = ContinuousClock.now
        do {
            _ = try await client.subscribe(SubscriptionRequest(mint: elsewhere, kind: .bolt11MintQuote, filters: ["x"]))
            Issue.record("a refused upgrade opened a WebSocket")
        } catch {
            #expect(error.code == .unreachable, "\(error)")
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        await client.shutdown()
    }
}
