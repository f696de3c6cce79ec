// Tests for the HTTP connector under a mint's rate limit (HTTP 429, 503 with Retry-After), over a loopback server.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
import CoreCashu

@Suite("HTTPMintConnector rate limits", .timeLimit(.minutes(1)))
struct HTTPMintConnectorRateLimitTests {
    static let states = #"{"states":[]}"#
    static let request = CheckStateRequest(Ys: [])

    static func limited(retryAfter: String? = nil, status: Int = 429) -> LoopbackServer.Reply {
        let body = #"{"detail":"Rate limit exceeded."}"#
        var head = "HTTP/1.1 \(status) Too Many Requests\r\nContent-Type: application/json\r\n"
        if let retryAfter { head += "Retry-After: \(retryAfter)\r\n" }
        head += "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n"
        return .raw(Array((head + body).utf8))
    }

    /// The waits a connector reported.
    final class Heard: Sendable {
        let waits = Locked<[Duration]>([])
    }

    static func connector(
        _ url: MintURL, wait: Duration = .seconds(20), heard: Heard? = nil
    ) -> HTTPMintConnector {
        HTTPMintConnector(
            mintURL: url, httpClient: TestHTTP.client,
            timeouts: MintTimeouts(connect: .seconds(15), read: .seconds(15), write: .seconds(15), rateLimitWait: wait),
            onRateLimited: { _, delay in heard?.waits.withLock { $0.append(delay) } })
    }

    @Test("429s are waited out and the identical request sent again until it is answered")
    func limitedThenAnswered() async throws {
        let server = try LoopbackServer { index, _ in
            index < 2 ? Self.limited(retryAfter: index == 0 ? "0" : "1") : .json(Self.states)
        }
        defer { server.stop() }
        let heard = Heard()
        let connector = Self.connector(try server.url, heard: heard)
        _ = try await connector.checkState(Self.request)
        #expect(server.requests.count == 3)
        #expect(Set(server.requests.map(\.body)).count == 1)
        #expect(heard.waits.withLock { $0.count } == 2)
        #expect(heard.waits.withLock { $0.first } == .zero)
        #expect(connector.pacer.isPacing)
    }

    @Test("a mint that keeps limiting past the wait fails as unreachable: nothing was done")
    func limitedPastTheWait() async throws {
        let server = try LoopbackServer { _, _ in Self.limited(retryAfter: "1") }
        defer { server.stop() }
        let connector = Self.connector(try server.url, wait: .milliseconds(2500))
        let started = ContinuousClock.now
        do {
            _ = try await connector.checkState(Self.request)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .unreachable)
            #expect(error.httpStatus == 429)
            #expect(error.isDefinite)
            #expect(error.isRateLimited)
        }
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect((2...4).contains(server.requests.count))
    }

    @Test("a 503 with Retry-After is waited out; a 503 without is an ordinary failure, not retried")
    func serviceUnavailable() async throws {
        let server = try LoopbackServer { index, _ in
            index == 0 ? Self.limited(retryAfter: "0", status: 503) : .json(Self.states)
        }
        defer { server.stop() }
        _ = try await Self.connector(try server.url).checkState(Self.request)
        #expect(server.requests.count == 2)

        let plain = try LoopbackServer { _, _ in Self.limited(status: 503) }
        defer { plain.stop() }
        let connector = Self.connector(try plain.url)
        do {
            _ = try await connector.checkState(Self.request)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == .httpStatus)
            #expect(!error.isDefinite)
        }
        #expect(plain.requests.count == 1)
    }

    @Test("a 503 may follow a mint that acted: a refusal of the resent request stays ambiguous, never definite")
    func serviceUnavailableThenRefusedStaysAmbiguous() async throws {
        let refusal = #"{"detail":"outputs have already been signed before","code":10002}"#
        let server = try LoopbackServer { index, _ in
            index == 0 ? Self.limited(retryAfter: "0", status: 503) : .json(refusal, status: 400)
        }
        defer { server.stop() }
        let connector = Self.connector(try server.url)
        do {
            _ = try await connector.checkState(Self.request)
            Issue.record("expected a failure")
        } catch {
            #expect(!error.isDefinite)
            #expect(error.code == .httpStatus)
        }
        #expect(server.requests.count == 2)
    }

    @Test("Retry-After as seconds, as an HTTP date, capped, and unreadable")
    func retryAfterParses() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(RetryAfter.parse("7", now: now) == .seconds(7))
        #expect(RetryAfter.parse(" 0 ", now: now) == .zero)
        #expect(RetryAfter.parse("86400", now: now) == RetryAfter.maximum)
        #expect(RetryAfter.parse("99999999999999999999", now: now) == RetryAfter.maximum)
        let date = "Sun, 19 Nov 2026 08:26:50 GMT"
        let at = RetryAfter.parse(date, now: Date(timeIntervalSince1970: 1_795_076_800))
        #expect(at == .seconds(10))
        #expect(RetryAfter.parse(date, now: Date(timeIntervalSince1970: 1_795_176_800)) == .zero)
        #expect(RetryAfter.parse("soon", now: now) == nil)
        #expect(RetryAfter.parse(nil, now: now) == nil)
        #expect(RetryAfter.parse("-3", now: now) == nil)
        #expect(RetryAfter.parse("Fri, 31 Dec 9999 23:59:59 GMT", now: now) == RetryAfter.maximum)
    }

    @Test("the pacer holds a refused mint's requests, then spaces them, doubling after a later refusal")
    func pacerSpacing() {
        let pacer = MintRequestPacer()
        let start = ContinuousClock.now
        #expect(pacer.reserve(now: start) == .zero)
        // No Retry-After: a whole minute plus jitter, for every request to the mint.
        #expect(pacer.limited(now: start, retryAfter: nil, jitter: 0.5) == .seconds(65))
        // A second refusal of the same burst does not double the spacing or shorten the hold.
        #expect(pacer.limited(now: start, retryAfter: .seconds(1), jitter: 0.5) == .seconds(65))
        #expect(pacer.reserve(now: start) == .seconds(65))
        #expect(pacer.reserve(now: start) == .seconds(68))
        // A refusal after the hold, with Retry-After: the mint's word, and the spacing doubles.
        let later = start + .seconds(70)
        #expect(pacer.limited(now: later, retryAfter: .seconds(5), jitter: 0.5) == .seconds(5))
        #expect(pacer.reserve(now: later) == .seconds(5))
        #expect(pacer.reserve(now: later) == .seconds(11))
        #expect(pacer.isPacing)
        #expect(pacer.reserve(now: later + .seconds(1000)) == .zero)
    }
}
