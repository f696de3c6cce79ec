// Nutshell interop — error answers: the `{detail, code}` bodies and HTTP statuses Nutshell 0.21.0 really sends.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension NutshellFixtureTests {
    /// Each captured error exchange, its HTTP status and Nutshell's `code` (nil: a FastAPI validation error).
    static let capturedErrors: [(name: String, status: Int, code: Int?, detail: String?)] = [
        ("error-unknown-mint-quote", 400, 0, "quote not found"),
        ("error-unknown-melt-quote", 400, 0, "quote not found"),
        ("error-unknown-keyset", 400, 12001, nil),
        ("error-swap-bogus-proof", 400, 10001, "proofs could not be verified"),
        ("error-swap-spent-proof", 400, 11001, "proofs already spent"),
        ("error-swap-unbalanced", 400, 11000, nil),
        ("error-mint-issued-quote", 400, 20002, "quote already issued"),
        ("error-mint-quote-bad-unit", 400, 0, nil),
        ("error-mint-nut20-unsigned", 400, 20008, "Signature for mint request invalid"),
        ("error-mint-nut20-wrong-key", 400, 20008, "Signature for mint request invalid"),
        ("error-malformed-json", 422, nil, nil),
        ("error-missing-field", 422, nil, nil),
    ]

    @Test("Mint errors are HTTP 400 {detail: string, code: int}; body validation errors are FastAPI's 422")
    func errors() throws {
        for expected in Self.capturedErrors {
            #expect(try NutshellFixture.status(expected.name) == expected.status, "\(expected.name)")
            let body = try NutshellFixture.object(NutshellFixture.response(expected.name))
            if let code = expected.code {
                #expect(Set(body.keys) == ["detail", "code"], "\(expected.name)")
                #expect(body["code"] as? Int == code, "\(expected.name)")
                let detail = try #require(body["detail"] as? String, "\(expected.name)")
                if let text = expected.detail { #expect(detail == text, "\(expected.name)") }
            } else {
                // 422: `detail` is a list of {type, loc, msg, input, ...} and there is no `code`.
                #expect(body["code"] == nil, "\(expected.name)")
                let detail = try #require(body["detail"] as? [[String: Any]], "\(expected.name)")
                #expect(detail.allSatisfy { $0["type"] is String && $0["msg"] is String }, "\(expected.name)")
            }
        }
        // Every error the capture recorded is listed above.
        let exchanges = try #require(NutshellFixture.manifest()["exchanges"] as? [String: [String: Any]])
        // (melt-quote-internal may fail or not; the melt quote test checks it.)
        let failing = exchanges.filter { ($0.value["status"] as? Int) != 200 }.map(\.key)
        #expect(Set(failing).subtracting(["melt-quote-internal"]) == Set(Self.capturedErrors.map(\.name)))
    }
}
