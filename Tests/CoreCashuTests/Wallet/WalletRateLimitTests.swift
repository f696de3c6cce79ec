// A real Nutshell mint that rate-limits this client, reached through a real reverse proxy (nginx) that makes the
// client look remote: a burst of sends completes, each waiting its turn, and the balance adds up.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
import CoreCashu

@Suite("Wallet against a rate-limiting mint", .serialized, .timeLimit(.minutes(6)))
struct WalletRateLimitTests {
    /// The waits the connectors reported.
    final class Waits: Sendable {
        let heard = Locked<[Duration]>([])
    }

    @Test func aBurstOfSendsWaitsItsTurnAndTheBalanceAddsUp() async throws {
        let mint = try await TestMint.start(environment: [
            "MINT_RATE_LIMIT": "TRUE", "MINT_RATE_LIMIT_PROXY_TRUST": "TRUE",
            "MINT_TRANSACTION_RATE_LIMIT_PER_MINUTE": "4", "MINT_GLOBAL_RATE_LIMIT_PER_MINUTE": "600",
        ])
        defer { Task { await mint.stop() } }
        let proxy = try await TestNginx.start(inFrontOf: mint.url)
        defer { proxy.stop() }
        let waits = Waits()
        let wallet = try await TestWallet.open(connectorFactory: { url in
            HTTPMintConnector(
                mintURL: url, httpClient: TestHTTP.client,
                onRateLimited: { _, wait in waits.heard.withLock { $0.append(wait) } })
        })
        defer { wallet.remove() }
        // Quote and mint: two of the four transactions a minute.
        try await wallet.fund(500, mintURL: proxy.url)
        let engine = wallet.wallet
        let url = proxy.url
        let sends = try await withThrowingTaskGroup(of: SendResult.self) { group in
            for amount in [11, 12, 13, 14, 15] as [UInt64] {
                group.addTask {
                    try await engine.send(amount: amount, mint: url, options: SendOptions(preferOffline: false))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(sends.count == 5)
        #expect(try sends.map { try $0.token.totalAmount() }.sorted() == [11, 12, 13, 14, 15])
        // The mint refused some swaps for its limit; every one went through in the end.
        let swaps = proxy.statuses(path: "/v1/swap")
        #expect(swaps.contains(429))
        #expect(swaps.filter { $0 == 200 }.count == 5)
        #expect(!waits.heard.withLock { $0.isEmpty })
        #expect(try await engine.read { tx in try tx.unfinishedOperations() }.isEmpty)
        let fees = sends.reduce(0) { $0 + $1.fee }
        let balance = try await engine.balance(mint: url)
        #expect(balance + 11 + 12 + 13 + 14 + 15 + fees == 500)
        #expect(try await wallet.balanceConfirmed(of: url, asking: mint.connector()) == balance)
    }
}
