// Tests of NUT-21/22 authentication on the HTTP connector: the authorizer's headers reach a protected endpoint only,
// a request that cannot be authenticated never leaves (a definite, typed failure), and the mint's auth refusals
// become `authenticationRequired` wallet errors.

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

    @Test("the header goes on the protected endpoint, not on the others")
    func headerOnProtectedOnly() async throws {
        let server = try LoopbackServer { _, request in
            request.path == "/v1/checkstate" ? .json(#"{"states":[]}"#) : .json(#"{"keysets":[]}"#)
        }
        defer { server.stop() }
        let connector = HTTPMintConnector(
            mintURL: try server.url, httpClient: TestHTTP.client, authorizer: StubAuthorizer())
        _ = try await connector.checkState(Self.request)
        _ = try? await connector.keysets()
        // `contains`, not `first`: under load another test's retry to a port this server now holds can land here
        // first (without the header); what matters is that ours carried it and no unprotected request did.
        let requests = server.requests
        #expect(requests.contains { $0.path == "/v1/checkstate" && $0.headers["clear-auth"] == "token-1" })
        #expect(requests.contains { $0.path == "/v1/keysets" })
        #expect(!requests.contains { $0.path != "/v1/checkstate" && $0.headers["clear-auth"] != nil })
    }

    @Test("without a login the request never leaves: a definite authenticationRequired")
    func unauthenticatedNeverSent() async throws {
        let server = try LoopbackServer { _, _ in .json(#"{"states":[]}"#) }
        defer { server.stop() }
        let connector = HTTPMintConnector(
            mintURL: try server.url, httpClient: TestHTTP.client, authorizer: StubAuthorizer(fails: true))
        do {
            _ = try await connector.checkState(Self.request)
            Issue.record("sent without a login")
        } catch {
            #expect(error.code == .authenticationRequired && error.isDefinite)
            #expect(WalletError.mint(error).code == .authenticationRequired)
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
        let connector = HTTPMintConnector(mintURL: try server.url, httpClient: TestHTTP.client)
        for code in codes {
            do {
                _ = try await connector.checkState(Self.request)
                Issue.record("accepted \(code)")
            } catch {
                let wallet = WalletError.mint(error)
                #expect(wallet.code == .authenticationRequired, "\(code)")
                #expect(wallet.mintError?.code == code)
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
        let connector = try HTTPMintConnectorReplayTests.connector(server).authenticatingBlindly(
            settings, tokens: source)
        _ = try? await connector.swap(try HTTPMintConnectorReplayTests.swapRequest())
        let tokens = server.requests.filter { $0.path == "/v1/swap" }.compactMap { $0.headers["blind-auth"] }
        #expect(tokens.count == 2, "\(server.requests.count) requests")
        #expect(Set(tokens).count == tokens.count, "no token sent twice")
        #expect(source.handedOut.withLock { $0 } == 2)
    }
}
