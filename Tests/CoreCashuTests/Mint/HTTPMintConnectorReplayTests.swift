// Tests for NUT-19 replays: the identical bytes are sent again on cached endpoints only; GETs retry once.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("HTTPMintConnector NUT-19 replays")
struct HTTPMintConnectorReplayTests {
    static let cached = CachedResponseSettings(
        ttl: 60,
        cachedEndpoints: [
            .init(method: "POST", path: "/v1/swap"), .init(method: "POST", path: "/v1/mint/bolt11"),
            .init(method: "POST", path: "/v1/melt/bolt11"),
        ]
    )

    static func connector(
        _ server: LoopbackServer,
        cached: CachedResponseSettings? = cached,
        timeouts: MintTimeouts = HTTPMintConnectorFaultTests.patient
    ) throws -> HTTPMintConnector {
        HTTPMintConnector(
            mintURL: try server.url,
            httpClient: TestHTTP.client,
            timeouts: timeouts,
            cachedResponses: cached
        )
    }

    /// A swap request with one input and two outputs, made of fresh random points.
    static func swapRequest() throws -> SwapRequest {
        let id = try KeysetID(hex: "00ad268c4d1f5826")
        let input = Proof(amount: 2, id: id, secret: "secret-\(UUID())", C: Scalar.random().publicKey)
        let outputs = try PreparedOutputs(amounts: [1, 1], keysetID: id).outputs
        return SwapRequest(inputs: [input], outputs: outputs)
    }

    static let signatures = #"{"signatures":[]}"#

    @Test("A swap cut off in transit is replayed with byte-identical bodies and gets the cached answer")
    func swapReplay() async throws {
        let server = try LoopbackServer { index, _ in index == 0 ? .close : .json(Self.signatures) }
        defer { server.stop() }
        let request = try Self.swapRequest()
        let response = try await Self.connector(server).swap(request)
        #expect(response.signatures.isEmpty)
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[0].body == requests[1].body)
        #expect(requests[0].body == (try MintRequestEncoding.encode(request, endpoint: "POST /v1/swap")))
        #expect(requests.allSatisfy { $0.method == "POST" && $0.path == "/v1/swap" })
        #expect(requests[0].headers["content-type"] == "application/json")
    }

    @Test("Timeouts and 5xx are replayed too, up to three replays, then the failure is reported")
    func replayLimit() async throws {
        let server = try LoopbackServer { index, _ in index % 2 == 0 ? .hang : .respond(status: 503, body: []) }
        defer { server.stop() }
        let error = await HTTPMintConnectorFaultTests.failure {
            try await Self.connector(server, timeouts: HTTPMintConnectorFaultTests.counted).swap(Self.swapRequest())
        }
        #expect(error?.code == .httpStatus)
        #expect(error?.httpStatus == 503)
        let bodies = server.requests.map(\.body)
        #expect(bodies.count == 4)
        #expect(Set(bodies).count == 1)
    }

    @Test("A 429, then an attempt cut off after sending, then a refusal: the outcome stays unknown")
    func unknownAttemptBetweenDefiniteOnes() async throws {
        let refusal = #"{"detail":"outputs have already been signed before.","code":11001}"#
        let server = try LoopbackServer { index, _ in
            switch index {
            case 0:
                .raw(
                    Array(
                        ("HTTP/1.1 429 Too Many Requests\r\nRetry-After: 1\r\nContent-Length: 2\r\n"
                            + "Connection: close\r\n\r\n{}").utf8))
            case 1: .close
            default: .json(refusal, status: 400)
            }
        }
        defer { server.stop() }
        var timeouts = HTTPMintConnectorFaultTests.counted
        timeouts.rateLimitWait = .seconds(30)
        let error = await HTTPMintConnectorFaultTests.failure {
            try await Self.connector(server, timeouts: timeouts).swap(Self.swapRequest())
        }
        #expect(server.requests.count == 3)
        #expect(error?.isDefinite == false, "\(String(describing: error))")
    }

    @Test("A replay the mint refuses leaves the first attempt's outcome unknown")
    func refusedReplay() async throws {
        let server = try LoopbackServer { index, _ in
            index == 0
                ? .reset : .json(#"{"detail":"outputs have already been signed before.","code":11003}"#, status: 400)
        }
        defer { server.stop() }
        let error = await HTTPMintConnectorFaultTests.failure {
            try await Self.connector(server).mint(
                MintRequest(quote: "q", outputs: try Self.swapRequest().outputs)
            )
        }
        #expect(error?.code == .transport)
        #expect(error?.isDefinite == false)
        #expect(error?.mintError == nil)
        let replayError = error?.underlying as? MintClientError
        #expect(replayError?.code == .mintRefused)
        #expect(replayError?.mintError?.code == 11003)
        #expect(server.requests.count == 2)
    }

    @Test("A replay that cannot connect leaves the outcome unknown")
    func unreachableReplay() async throws {
        let server = try LoopbackServer { _, _ in .close }
        let connector = try Self.connector(server)
        // The first attempt is cut off; then the server is gone and every replay is refused a connection.
        let task = Task { await HTTPMintConnectorFaultTests.failure { try await connector.swap(Self.swapRequest()) } }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
        server.stop()
        let error = await task.value
        #expect(error?.code == .transport)
        #expect(error?.isDefinite == false)
    }

    @Test("Endpoints the mint does not cache are sent once; so is everything without a NUT-19 setting")
    func noReplay() async throws {
        let server = try LoopbackServer { _, _ in .close }
        defer { server.stop() }
        let restore = RestoreRequest(outputs: try Self.swapRequest().outputs)
        let error = await HTTPMintConnectorFaultTests.failure { try await Self.connector(server).restore(restore) }
        #expect(error?.code == .transport)
        #expect(server.requests.count == 1)
        _ = await HTTPMintConnectorFaultTests.failure {
            try await Self.connector(server, cached: nil).swap(Self.swapRequest())
        }
        #expect(server.requests.count == 2)
        let expired = CachedResponseSettings(ttl: 0, cachedEndpoints: Self.cached.cachedEndpoints)
        _ = await HTTPMintConnectorFaultTests.failure {
            try await Self.connector(server, cached: expired).swap(Self.swapRequest())
        }
        #expect(server.requests.count == 3)
    }

    @Test("A definite failure of a cached endpoint is not replayed")
    func refusalNotReplayed() async throws {
        let server = try LoopbackServer { _, _ in .json(#"{"detail":"proofs already spent","code":11001}"#, status: 400)
        }
        defer { server.stop() }
        let error = await HTTPMintConnectorFaultTests.failure {
            try await Self.connector(server).swap(Self.swapRequest())
        }
        #expect(error?.code == .mintRefused)
        #expect(error?.mintError?.known == .proofsAlreadySpent)
        #expect(server.requests.count == 1)
    }

    @Test("A GET is retried once after a transport failure, not after a timeout")
    func getRetry() async throws {
        let keysets = #"{"keysets":[{"id":"00ad268c4d1f5826","unit":"sat","active":true}]}"#
        let once = try LoopbackServer { index, _ in index == 0 ? .close : .json(keysets) }
        defer { once.stop() }
        #expect(try await Self.connector(once).keysets().keysets.count == 1)
        #expect(once.requests.count == 2)

        let always = try LoopbackServer { _, _ in .close }
        defer { always.stop() }
        let error = await HTTPMintConnectorFaultTests.failure { try await Self.connector(always).keysets() }
        #expect(error?.code == .transport)
        #expect(always.requests.count == 2)

        let silent = try LoopbackServer { _, _ in .hang }
        defer { silent.stop() }
        let timeout = await HTTPMintConnectorFaultTests.failure { 
            try await Self.connector(silent, timeouts: HTTPMintConnectorFaultTests.counted).keysets()
        }
        #expect(timeout?.code == .timeout)
        #expect(silent.requests.count == 1)
    }
}
