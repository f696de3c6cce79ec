// Tests of NUT-21/22 authentication on the HTTP connector: the authorizer's headers reach a protected endpoint only,
// a request that cannot be authenticated never leaves (a definite, typed failure), and the mint's auth refusals
// become `authenticationRequired` wallet errors.

import AsyncHTTPClient
import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
import CoreCashu

@Suite("HTTPMintConnector authentication", .timeLimit(.minutes(1)))
struct HTTPMintConnectorAuthTests {
    /// Protects `POST /v1/checkstate` only; fails when told to.
    struct StubAuthorizer: MintRequestAuthorizer {
        var fails = false

        func headers(method: String, path: String) async throws(MintClientError) -> [(name: String, value: String)] {
            guard method == "POST" && path == "/v1/checkstate" else { return [] }
            if fails {
                throw MintClientError(.authenticationRequired, endpoint: "\(method) \(path)", "no login")
            }
            return [("Clear-auth", "token-1")]
        }
    }

    static let request = CheckStateRequest(Ys: [])

    /// Runs `body` with a client of its own, shut down after. The shared test client once carried this suite's
    /// request over a connection it had pooled to an earlier server on the same port, which answered instead (CI).
    static func withOwnClient(_ body: (HTTPClient) async throws -> Void) async throws {
        let client = HTTPMintConnector.makeHTTPClient()
        do { try await body(client) } catch {
            try? await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    @Test("the header goes on the protected endpoint, not on the others")
    func headerOnProtectedOnly() async throws {
        let server = try LoopbackServer { _, request in
            request.path == "/v1/checkstate" ? .json(#"{"states":[]}"#) : .json(#"{"keysets":[]}"#)
        }
        defer { server.stop() }
        try await Self.withOwnClient { client in
            let connector = HTTPMintConnector(
                mintURL: try server.url, httpClient: client, authorizer: StubAuthorizer())
            _ = try await connector.checkState(Self.request)
            _ = try? await connector.keysets()
        }
        let requests = server.requests
        // What arrived, for a failure under load that is not yet explained (CI, twice): method, path, header names.
        let seen = requests.map { "\($0.method) \($0.path) [\($0.headers.keys.sorted().joined(separator: ","))]" }
        #expect(requests.contains { $0.path == "/v1/checkstate" && $0.headers["clear-auth"] == "token-1" }, "\(seen)")
        #expect(requests.contains { $0.path == "/v1/keysets" })
        #expect(!requests.contains { $0.path != "/v1/checkstate" && $0.headers["clear-auth"] != nil })
    }

    @Test("without a login the request never leaves: a definite authenticationRequired")
    func unauthenticatedNeverSent() async throws {
        let server = try LoopbackServer { _, _ in .json(#"{"states":[]}"#) }
        defer { server.stop() }
        try await Self.withOwnClient { client in
            let connector = HTTPMintConnector(
                mintURL: try server.url, httpClient: client, authorizer: StubAuthorizer(fails: true))
            do throws(MintClientError) {
                _ = try await connector.checkState(Self.request)
                Issue.record("sent without a login")
            } catch {
                #expect(error.code == .authenticationRequired && error.isDefinite)
                #expect(WalletError.mint(error).code == .authenticationRequired)
            }
        }
        #expect(server.requests.isEmpty)
    }

    @Test("the mint's NUT-21/22 refusals (30001, 31001) become authenticationRequired")
    func mintRefusals() async throws {
        let codes = [30001, 30002, 31001, 31003]
        // One server for all (servers started and stopped in a row could hand a port, and a pooled connection, to
        // another test's server).
        let server = try LoopbackServer { index, _ in
            .json(#"{"detail":"auth","code":\#(codes[min(index, codes.count - 1)])}"#, status: 400)
        }
        defer { server.stop() }
        try await Self.withOwnClient { client in
            let connector = HTTPMintConnector(mintURL: try server.url, httpClient: client)
            for code in codes {
                do throws(MintClientError) {
                    _ = try await connector.checkState(Self.request)
                    Issue.record("accepted \(code)")
                } catch {
                    let wallet = WalletError.mint(error)
                    #expect(wallet.code == .authenticationRequired, "\(code)")
                    #expect(wallet.mintError?.code == code)
                }
            }
        }
    }

    @Test("NUT-22: a cut answer spends its blind token; the NUT-19 replay carries a fresh one, never the first again")
    func blindTokenSpentWhenOutcomeUnknown() async throws {
        let server = try LoopbackServer { index, _ in
            index == 0 ? .close : .json(#"{"signatures":[]}"#)
        }
        defer { server.stop() }
        let source = BlindAuthAuthorizerTests.CountingSource()
        let settings = BlindAuthSettings(
            batMaxMint: 10, protectedEndpoints: [ProtectedEndpoint(method: "POST", path: "/v1/swap")])
        try await Self.withOwnClient { client in
            let connector = HTTPMintConnector(
                mintURL: try server.url, httpClient: client, timeouts: HTTPMintConnectorFaultTests.patient,
                cachedResponses: HTTPMintConnectorReplayTests.cached
            ).authenticatingBlindly(settings, tokens: source)
            _ = try? await connector.swap(try HTTPMintConnectorReplayTests.swapRequest())
        }
        let tokens = server.requests.filter { $0.path == "/v1/swap" }.compactMap { $0.headers["blind-auth"] }
        #expect(tokens.count == 2, "\(server.requests.count) requests")
        #expect(Set(tokens).count == tokens.count, "no token sent twice")
        #expect(source.handedOut.withLock { $0 } == 2)
    }
}
