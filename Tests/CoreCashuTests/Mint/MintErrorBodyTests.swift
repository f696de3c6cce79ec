// Tests for reading the mint's NUT-00 error body, against Nutshell 0.21.0's captured answers.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("MintErrorBody")
struct MintErrorBodyTests {
    @Test("Nutshell's 400 bodies keep their code, known or not")
    func capturedCodes() throws {
        let cases: [(String, Int)] = [
            ("error-unknown-mint-quote", 0), ("error-unknown-keyset", 12001), ("error-swap-spent-proof", 11001),
            ("error-swap-unbalanced", 11000), ("error-mint-nut20-unsigned", 20008),
        ]
        for (name, code) in cases {
            let error = try #require(MintErrorBody.parse(Array(NutshellFixture.response(name)), status: 400))
            #expect(error.code == code, "\(name)")
            #expect(!error.detail.isEmpty)
        }
    }

    @Test("FastAPI's 422 list keeps loc and msg, never the echoed input")
    func validationList() throws {
        let body = Array(try NutshellFixture.response("error-missing-field"))
        let error = try #require(MintErrorBody.parse(body, status: 422))
        #expect(error.code == nil)
        #expect(error.detail == "body.Ys: Field required")
        let echo = #"{"detail":[{"type":"missing","loc":["body",0,"secret"],"msg":"bad","input":{"secret":"s3cr3t"}}]}"#
        let parsed = try #require(MintErrorBody.parse(Array(echo.utf8), status: 422))
        #expect(parsed.detail == "body.0.secret: bad")
        #expect(!parsed.detail.contains("s3cr3t"))
    }

    @Test("A 4xx needs a detail; another status also needs an integer code")
    func statusRules() {
        #expect(MintErrorBody.parse(Array(#"{"detail":"Not Found"}"#.utf8), status: 404)?.code == nil)
        #expect(MintErrorBody.parse(Array(#"{"detail":"Not Found"}"#.utf8), status: 404)?.detail == "Not Found")
        #expect(MintErrorBody.parse(Array(#"{"detail":"Bad Gateway"}"#.utf8), status: 502) == nil)
        #expect(MintErrorBody.parse(Array(#"{"detail":"boom","code":11001}"#.utf8), status: 500)?.code == 11001)
        #expect(MintErrorBody.parse(Array(#"{"detail":"x","code":"11001"}"#.utf8), status: 500) == nil)
        #expect(MintErrorBody.parse(Array(#"{"code":11001}"#.utf8), status: 400) == nil)
        #expect(MintErrorBody.parse(Array("<html>".utf8), status: 400) == nil)
        #expect(MintErrorBody.parse([UInt8](), status: 400) == nil)
        #expect(MintErrorBody.parse(Array(#"{"detail":{"a":1},"code":99999}"#.utf8), status: 400)?.code == 99999)
        #expect(MintErrorBody.parse(Array(#"{"detail":"x","code":true}"#.utf8), status: 400)?.code == nil)
    }

    @Test("A long detail is truncated to 512 characters")
    func truncation() throws {
        let body = #"{"detail":""# + String(repeating: "x", count: 5000) + #"","code":1}"#
        #expect(try #require(MintErrorBody.parse(Array(body.utf8), status: 400)).detail.count == 512)
    }
}
