// Tests of NUT-19 through the wallet against a real Nutshell mint with its Redis response cache: a swap answer lost
// in transit is recovered by replaying the identical request at once, so the send completes without recovery.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet with NUT-19 cached responses", .serialized, .timeLimit(.minutes(5)))
struct WalletCachedResponseTests {
    @Test func lostSwapAnswerIsReplayedFromTheMintsCache() async throws {
        let redis = try await TestRedis.start()
        defer { redis.stop() }
        let mint = try await TestMint.start(environment: [
            "MINT_REDIS_CACHE_ENABLED": "True", "MINT_REDIS_CACHE_URL": redis.url,
        ])
        defer { Task { await mint.stop() } }
        let proxy = try await MintProxy.start(inFrontOf: mint)
        defer { Task { await proxy.shutdown() } }
        let wallet = try await TestWallet.open(through: proxy)
        defer { wallet.remove() }
        try await wallet.fund(500, through: proxy)
        let cached = try #require(try await wallet.wallet.capabilities(of: proxy.url).cachedResponses)
        #expect(cached.isCached(method: "POST", path: "/v1/swap"))

        proxy.inject(.dropResponseAfterForwarding, path: "/v1/swap")
        let sent = try await wallet.wallet.send(
            amount: 100, mint: proxy.url, options: SendOptions(preferOffline: false))
        #expect(try sent.token.totalAmount() == 100)
        let swaps = proxy.requests("POST", "/v1/swap")
        #expect(swaps.count == 2)
        #expect(swaps.first?.body == swaps.last?.body, "the replay must be the identical request")
        #expect(try await wallet.wallet.read { tx in try tx.unfinishedOperations() }.isEmpty)
        let balance = try await wallet.wallet.balance()
        #expect(try await wallet.balanceConfirmedByMint(behind: proxy) == balance)
        #expect(balance + 100 + sent.fee == 500)
    }
}
