// Tests of NUT22/BlindAuthAuthorizer.swift: a token on each protected request (never on /v1/auth/), the clear-auth
// headers beneath kept, a request without a token never sent.

import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("NUT-22 BlindAuthAuthorizer")
struct BlindAuthAuthorizerTests {
    /// Hands out fresh tokens and counts them, or refuses.
    final class CountingSource: BlindAuthTokenSource {
        let handedOut = Locked(0)
        let refuse: Bool

        init(refuse: Bool = false) { self.refuse = refuse }

        func blindAuthToken(for mint: MintURL) async throws(MintClientError) -> AuthProof {
            if refuse {
                throw MintClientError(.authenticationRequired, endpoint: "POST /v1/auth/blind/mint", "no login")
            }
            handedOut.withLock { $0 += 1 }
            return AuthProof(
                id: try! KeysetID(hex: "01" + String(repeating: "ab", count: 32)), secret: UUID().uuidString,
                C: Scalar.random().publicKey,
                dleq: ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: Scalar.random()))
        }
    }

    struct ClearHeader: MintRequestAuthorizer {
        func headers(method: String, path: String) async throws(MintClientError) -> [(name: String, value: String)] {
            path == "/v1/auth/blind/mint" ? [("Clear-auth", "cat")] : []
        }
    }

    static let settings = BlindAuthSettings(
        batMaxMint: 50,
        protectedEndpoints: [
            ProtectedEndpoint(method: "POST", path: "/v1/swap"), ProtectedEndpoint(method: "POST", path: "/v1/mint/*"),
            ProtectedEndpoint(method: "POST", path: "/v1/auth/*"),
        ])

    static func authorizer(_ source: CountingSource) throws -> BlindAuthAuthorizer {
        BlindAuthAuthorizer(
            mint: try MintURL("http://127.0.0.1:3338"), settings: settings, tokens: source, inner: ClearHeader())
    }

    @Test("a protected request gets one fresh token, without its DLEQ; others get none")
    func tokenOnProtected() async throws {
        let source = CountingSource()
        let authorizer = try Self.authorizer(source)
        let swap = try await authorizer.headers(method: "POST", path: "/v1/swap")
        #expect(swap.count == 1 && swap[0].name == "Blind-auth")
        let token = try AuthProof(headerValue: swap[0].value)
        #expect(token.dleq == nil)
        _ = try await authorizer.headers(method: "POST", path: "/v1/mint/quote/bolt11")
        #expect(source.handedOut.withLock { $0 } == 2)
        #expect(try await authorizer.headers(method: "GET", path: "/v1/keysets").isEmpty)
        #expect(try await authorizer.headers(method: "POST", path: "/v1/melt/bolt11").isEmpty)
        #expect(source.handedOut.withLock { $0 } == 2)
    }

    @Test("minting tokens spends none, even where the mint lists /v1/auth/, and keeps the clear-auth header")
    func authEndpointsSpendNone() async throws {
        let source = CountingSource()
        let headers = try await Self.authorizer(source).headers(method: "POST", path: "/v1/auth/blind/mint")
        #expect(headers.map(\.name) == ["Clear-auth"])
        #expect(source.handedOut.withLock { $0 } == 0)
    }

    @Test("no token to be had: authenticationRequired, so the request is never sent")
    func noToken() async throws {
        let authorizer = try Self.authorizer(CountingSource(refuse: true))
        await #expect(throws: MintClientError.self) { try await authorizer.headers(method: "POST", path: "/v1/swap") }
        #expect(try await authorizer.headers(method: "POST", path: "/v1/checkstate").isEmpty)
    }
}
