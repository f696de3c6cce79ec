// Tests for the HTTP connector's retry decisions: NUT-19 replays of cached POSTs, one retry of a GET, no others.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("MintRetryPolicy")
struct MintRetryPolicyTests {
    static let cached = CachedResponseSettings(
        ttl: 300,
        cachedEndpoints: [.init(method: "POST", path: "/v1/swap"), .init(method: "POST", path: "/v1/mint/bolt11")]
    )
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    func error(_ code: MintClientError.Code, status: Int? = nil) -> MintClientError {
        MintClientError(code, endpoint: "POST /v1/swap", "test", httpStatus: status)
    }

    func decide(
        _ endpoint: MintEndpoint,
        attempt: Int,
        _ error: MintClientError,
        settings: CachedResponseSettings? = cached,
        elapsed: TimeInterval = 1
    ) -> MintRetryPolicy.Decision {
        MintRetryPolicy(cachedResponses: settings).decide(
            endpoint: endpoint,
            attempt: attempt,
            error: error,
            sentAt: Self.now,
            now: Self.now.addingTimeInterval(elapsed),
            jitter: 0.5
        )
    }

    @Test("A cached POST is replayed after an ambiguous failure, three times at most")
    func cachedReplays() {
        for code in [MintClientError.Code.transport, .timeout] {
            #expect(decide(.swap, attempt: 1, error(code)) == .retry(after: .milliseconds(100)))
            #expect(decide(.swap, attempt: 2, error(code)) == .retry(after: .milliseconds(200)))
            #expect(decide(.swap, attempt: 3, error(code)) == .retry(after: .milliseconds(400)))
            #expect(decide(.swap, attempt: 4, error(code)) == .stop)
        }
        #expect(decide(.swap, attempt: 1, error(.httpStatus, status: 502)) != .stop)
        #expect(decide(.swap, attempt: 1, error(.httpStatus, status: 404)) == .stop)
    }

    @Test("A definite failure or a bad answer is not replayed; a replay that cannot connect is")
    func definiteFailures() {
        for code in [MintClientError.Code.mintRefused, .unreachable, .invalidRequest, .invalidResponse, .cancelled] {
            #expect(decide(.swap, attempt: 1, error(code)) == .stop, "\(code)")
        }
        #expect(decide(.swap, attempt: 2, error(.unreachable)) != .stop)
        #expect(decide(.swap, attempt: 2, error(.mintRefused)) == .stop)
    }

    @Test("No replay past the ttl, with ttl 0, or without the endpoint in the setting")
    func replayWindow() {
        #expect(decide(.swap, attempt: 1, error(.transport), elapsed: 299) != .stop)
        #expect(decide(.swap, attempt: 1, error(.transport), elapsed: 300) == .stop)
        let none = CachedResponseSettings(ttl: 0, cachedEndpoints: Self.cached.cachedEndpoints)
        #expect(decide(.swap, attempt: 1, error(.transport), settings: none) == .stop)
        let forever = CachedResponseSettings(ttl: nil, cachedEndpoints: Self.cached.cachedEndpoints)
        #expect(decide(.swap, attempt: 1, error(.transport), settings: forever, elapsed: 1e9) != .stop)
        #expect(decide(.melt(preferAsync: false), attempt: 1, error(.transport)) == .stop)
        #expect(decide(.swap, attempt: 1, error(.transport), settings: nil) == .stop)
    }

    @Test("Other POSTs are never retried; a GET once after a transport failure")
    func otherRequests() {
        for endpoint in [MintEndpoint.checkState, .restore, .mintQuote, .meltQuote, .checkMintQuotes, .batchMint] {
            #expect(decide(endpoint, attempt: 1, error(.transport)) == .stop, "\(endpoint.template)")
        }
        #expect(decide(.keys, attempt: 1, error(.transport)) == .retry(after: .milliseconds(100)))
        #expect(decide(.keys, attempt: 2, error(.transport)) == .stop)
        #expect(decide(.keys, attempt: 1, error(.timeout)) == .stop)
        #expect(decide(.info, attempt: 1, error(.unreachable)) == .stop)
    }

    @Test("Backoff doubles from 100 ms, is capped at 2 s and spread over 50-150 %")
    func backoff() {
        #expect(MintRetryPolicy.delay(replay: 1, jitter: 0) == .milliseconds(50))
        #expect(MintRetryPolicy.delay(replay: 1, jitter: 0.999_999) < .milliseconds(150))
        #expect(MintRetryPolicy.delay(replay: 3, jitter: 0.5) == .milliseconds(400))
        #expect(MintRetryPolicy.delay(replay: 10, jitter: 0.5) == .seconds(2))
        #expect(MintRetryPolicy.delay(replay: 1000, jitter: 2) == .seconds(3))
    }
}
