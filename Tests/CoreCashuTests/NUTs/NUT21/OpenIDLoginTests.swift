// Tests of NUT-21 login pieces without a provider: discovery documents, token endpoint answers (RFC 6749 §5, RFC
// 8628 §3.5), device authorization answers (RFC 8628 §3.2), JWT claims and when to refresh.

import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("OpenID login")
struct OpenIDLoginTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    /// An unsigned compact JWT with `claims` (the wallet reads, never verifies, them).
    static func jwt(_ claims: [String: Any]) throws -> String {
        let header = Base64URL.encode(Array(#"{"alg":"RS256","typ":"JWT"}"#.utf8))
        let payload = Base64URL.encode(Array(try JSONSerialization.data(withJSONObject: claims)))
        return "\(header).\(payload).c2lnbmF0dXJl"
    }

    @Test("a discovery document's endpoints must be https, or http on this machine")
    func discovery() throws {
        let good = #"{"issuer":"https://id.example","token_endpoint":"https://id.example/token","#
            + #""device_authorization_endpoint":"https://id.example/device","grant_types_supported":["password"]}"#
        let configuration = try OpenIDConfiguration(json: Array(good.utf8))
        #expect(configuration.supports(grant: "password"))
        #expect(!configuration.supports(grant: "urn:ietf:params:oauth:grant-type:device_code"))
        let local = #"{"issuer":"x","token_endpoint":"http://127.0.0.1:8080/token"}"#
        #expect(try OpenIDConfiguration(json: Array(local.utf8)).supports(grant: "refresh_token"))
        for bad in [#"{"issuer":"x","token_endpoint":"http://id.example/token"}"#, #"{"issuer":"x"}"#, "[]"] {
            #expect(throws: AuthError.self) { try OpenIDConfiguration(json: Array(bad.utf8)) }
        }
    }

    @Test("tokens: expiry from the JWT's exp, else expires_in; the user from preferred_username or sub")
    func tokens() throws {
        let access = try Self.jwt(["exp": 1_800_000_600, "preferred_username": "alice", "sub": "u-1"])
        let body = #"{"access_token":"\#(access)","token_type":"Bearer","expires_in":60,"refresh_token":"r1"}"#
        guard case .tokens(let tokens) = TokenResponse.read(Array(body.utf8), now: Self.now) else {
            Issue.record("expected tokens")
            return
        }
        #expect(tokens.expiresAt == Date(timeIntervalSince1970: 1_800_000_600))
        #expect(tokens.subject == "alice" && tokens.refreshToken == "r1")
        #expect(!tokens.needsRefresh(at: Self.now))
        #expect(tokens.needsRefresh(at: Date(timeIntervalSince1970: 1_800_000_580)))
        #expect(!"\(tokens)".contains(access) && !"\(tokens)".contains("r1"))
        let opaque = #"{"access_token":"opaque","expires_in":120}"#
        guard case .tokens(let plain) = TokenResponse.read(Array(opaque.utf8), now: Self.now) else {
            Issue.record("expected tokens")
            return
        }
        #expect(plain.expiresAt == Self.now.addingTimeInterval(120) && plain.refreshToken == nil)
    }

    @Test("token endpoint errors: pending and slow_down keep polling; the rest are typed refusals")
    func errors() {
        func read(_ error: String) -> TokenResponse {
            TokenResponse.read(Array(#"{"error":"\#(error)"}"#.utf8), now: Self.now)
        }
        #expect(read("authorization_pending") == .pending(slowDown: false))
        #expect(read("slow_down") == .pending(slowDown: true))
        let codes: [(String, AuthError.Code)] = [
            ("access_denied", .declined), ("expired_token", .expired), ("invalid_client", .unknownClient),
            ("unauthorized_client", .unknownClient), ("invalid_grant", .loginRefused), ("whatever", .loginRefused),
        ]
        for (error, code) in codes {
            guard case .refused(let refusal) = read(error) else {
                Issue.record("\(error) not refused")
                continue
            }
            #expect(refusal.code == code, "\(error)")
        }
        guard case .refused(let junk) = TokenResponse.read(Array("<html>".utf8), now: Self.now) else {
            Issue.record("junk accepted")
            return
        }
        #expect(junk.code == .invalidProvider)
    }

    @Test("RFC 8628 §3.2's device authorization answer; slow_down adds 5 seconds")
    func deviceAuthorization() throws {
        let body = #"{"device_code":"GmRhmhcxhwAzkoEqiMEg_DnyEysNkuNhszIySk9eS","user_code":"WDJB-MJHT","#
            + #""verification_uri":"https://example.com/device","verification_uri_complete":"#
            + #""https://example.com/device?user_code=WDJB-MJHT","expires_in":1800,"interval":5}"#
        let answer = try DeviceAuthorization(json: Array(body.utf8), now: Self.now)
        #expect(answer.userCode == "WDJB-MJHT" && answer.interval == 5)
        #expect(answer.expiresAt == Self.now.addingTimeInterval(1800))
        #expect(answer.slowedDown().interval == 10)
        #expect(!"\(answer)".contains("GmRhmhcx"))
        #expect(throws: AuthError.self) {
            try DeviceAuthorization(json: Array(#"{"user_code":"x"}"#.utf8), now: Self.now)
        }
    }

    @Test("JWT claims are read only from a three-part token with a JSON payload")
    func claims() throws {
        #expect(JWTClaims(try Self.jwt(["sub": "u-2", "iss": "https://id.example"]))?.user == "u-2")
        for bad in ["", "a.b", "a.b.c.d", "x.!!!.y", String(repeating: "a", count: 20_000)] {
            #expect(JWTClaims(bad) == nil)
        }
    }
}
