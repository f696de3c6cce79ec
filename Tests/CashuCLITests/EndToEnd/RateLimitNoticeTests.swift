// End to end: a mint that limits requests (HTTP 429 with Retry-After) — the `cashu` binary waits its turn, says so
// once on stderr, and the command still succeeds.

import CashuTestSupport
import CoreCashu
import Foundation
import Testing

@Suite("cashu and a rate-limiting mint", .timeLimit(.minutes(3)))
struct RateLimitNoticeTests {
    @Test("two 429s on one send: one notice on stderr, the token printed, exit 0")
    func noticeOnce() async throws {
        let mint = try await TestMint.shared
        let proxy = try await MintProxy.start(inFrontOf: mint)
        let alice = CLIWallet()
        defer { alice.remove() }
        try await alice.fund(200, at: proxy.url)
        proxy.inject(.rateLimited(retryAfter: 1), path: "/v1/swap", times: 2)
        let sent = try await alice.run("send", "--fresh", "21")
        await proxy.shutdown()
        #expect(sent.status == 0, "\(sent)")
        #expect(sent.stdout.hasPrefix("cashuB"), "\(sent)")
        let notice = "is limiting requests (HTTP 429); waiting 1 s and trying again"
        #expect(sent.stderr.components(separatedBy: notice).count == 2, "\(sent)")
        #expect(sent.stderr.contains(proxy.url.rawValue), "\(sent)")
        #expect(proxy.requests("POST", "/v1/swap").count == 3)
    }
}
