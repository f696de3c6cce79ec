// Local API: the access decision for every combination of Host, Origin, token and session.

import Testing

@testable import CashuAPI

@Suite("API access")
struct APIAccessTests {
    static let token = String(repeating: "ab", count: 32)
    static let tcp = APIAccess(
        hosts: ["127.0.0.1:3339", "localhost:3339"], origins: ["http://127.0.0.1:3339", "http://localhost:3339"],
        token: token)
    static let socket = APIAccess(hosts: nil, origins: [], token: token)

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var access: APIAccess
        var path = "/v1/balance"
        var host: String? = "127.0.0.1:3339"
        var origin: String?
        var authorization: String?
        var session = false
        var expected: APIAccess.Decision
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "the token", access: tcp, authorization: "Bearer \(token)", expected: .allow),
        Case(
            name: "the token, scheme in another case", access: tcp, authorization: "bearer \(token)", expected: .allow),
        Case(name: "no token", access: tcp, expected: .unauthorized),
        Case(name: "a wrong token", access: tcp, authorization: "Bearer \(token.dropLast())0", expected: .unauthorized),
        Case(name: "a shorter token", access: tcp, authorization: "Bearer ab", expected: .unauthorized),
        Case(name: "basic auth", access: tcp, authorization: "Basic \(token)", expected: .unauthorized),
        Case(name: "a live session", access: tcp, origin: "http://127.0.0.1:3339", session: true, expected: .allow),
        Case(
            name: "a session, from another origin", access: tcp, origin: "http://evil.example", session: true,
            expected: .forbidden("requests from another origin are refused")),
        Case(
            name: "the token, from another origin", access: tcp, origin: "http://evil.example",
            authorization: "Bearer \(token)", expected: .forbidden("requests from another origin are refused")),
        Case(
            name: "DNS rebinding: another Host", access: tcp, host: "evil.example:3339",
            authorization: "Bearer \(token)",
            expected: .forbidden("this service answers to 127.0.0.1:3339 only")),
        Case(
            name: "no Host on TCP", access: tcp, host: nil, authorization: "Bearer \(token)",
            expected: .forbidden("this service answers to 127.0.0.1:3339 only")),
        Case(name: "the page itself, no token", access: tcp, path: "/", expected: .allow),
        Case(name: "an asset, no token", access: tcp, path: "/assets/app.js", expected: .allow),
        Case(name: "the description, no token", access: tcp, path: "/openapi.yaml", expected: .allow),
        Case(
            name: "the page, from another Host", access: tcp, path: "/", host: "evil.example",
            expected: .forbidden("this service answers to 127.0.0.1:3339 only")),
        Case(
            name: "the socket: any Host, the token", access: socket, host: "x", authorization: "Bearer \(token)",
            expected: .allow),
        Case(name: "the socket: no token", access: socket, host: "localhost", expected: .unauthorized),
        Case(
            name: "the socket: a browser origin", access: socket, origin: "http://127.0.0.1:3339",
            authorization: "Bearer \(token)", expected: .forbidden("requests from another origin are refused")),
    ]

    @Test("each request's decision", arguments: cases)
    func decision(_ test: Case) {
        let decision = test.access.decide(
            path: test.path, host: test.host, origin: test.origin, authorization: test.authorization,
            sessionLive: test.session)
        #expect(decision == test.expected)
    }

    @Test("the comparison of tokens")
    func constantTime() {
        #expect(APIAccess.constantTimeEqual("abc", "abc"))
        #expect(!APIAccess.constantTimeEqual("abc", "abd"))
        #expect(!APIAccess.constantTimeEqual("abc", "abcd"))
        #expect(!APIAccess.constantTimeEqual("", "a"))
        #expect(APIAccess.bearer("Bearer  x ") == "x")
        #expect(APIAccess.bearer("Bearer") == nil)
    }
}
