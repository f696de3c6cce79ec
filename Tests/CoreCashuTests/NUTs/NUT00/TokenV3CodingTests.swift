// Tests of Sources/CashuEngine/NUTs/NUT00/TokenV3Coding.swift: V3 JSON writing, escaping and decoding.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("TokenV3Coding")
struct TokenV3CodingTests {
    typealias F = TokenFixtures

    private func json(_ token: Token) -> String { String(decoding: TokenV3Coding.encode(token), as: UTF8.self) }

    @Test func writesCompactJSONInSpecKeyOrder() throws {
        let token = Token(mint: "https://m.example/", unit: "sat", memo: "a/b", proofs: [try F.fullProof()])
        let p = try F.fullProof()
        let expected =
            #"{"token":[{"mint":"https://m.example","proofs":[{"amount":64,"id":"00ad268c4d1f5826","#
            + #""secret":"[\"P2PK\",{\"nonce\":\"00\",\"data\":\"02aa\"}]","C":"\#(p.C.hex)","#
            + #""dleq":{"e":"\#(String(repeating: "0a", count: 32))","s":"\#(String(repeating: "0b", count: 32))","#
            + #""r":"\#(String(repeating: "0c", count: 32))"},"witness":"{\"signatures\":[\"abc\"]}","#
            + #""p2pk_e":"\#(p.p2pkE!.hex)"}]}],"unit":"sat","memo":"a/b"}"#
        #expect(json(token) == expected)
    }

    @Test func omitsAbsentUnitAndMemo() {
        let token = Token(entries: [TokenEntry(mint: "m", proofs: [F.proof(1)])], unit: nil)
        #expect(!json(token).contains("unit"))
        #expect(!json(token).contains("memo"))
    }

    @Test func escapesStringsAsJSONRequires() throws {
        let memo = "q\"b\\s/n\nr\rt\tc\u{01}\u{1f}é🙂"
        let token = Token(mint: "m", unit: "sat", memo: memo, proofs: [F.proof(1)])
        #expect(json(token).hasSuffix(#""memo":"q\"b\\s/n\nr\rt\tc\u0001\u001fé🙂"}"#))
        // Foundation's parser must read back exactly what we wrote.
        let parsed = try JSONSerialization.jsonObject(with: Data(TokenV3Coding.encode(token))) as? [String: Any]
        #expect(parsed?["memo"] as? String == memo)
        #expect(try Token.decode(try token.serialized(as: .v3)).memo == memo)
    }

    @Test func decodesOptionalFieldsAndIgnoresUnknownKeys() throws {
        let p = try F.fullProof()
        let text = #"{"token":[{"mint":"m","extra":[1,{"x":null}],"proofs":[{"amount":64,"id":"00ad268c4d1f5826","#
            + #""secret":"s","C":"\#(p.C.hex)","dleq":{"e":"\#(p.dleq!.e.exposedSecretHex)","#
            + #""s":"\#(p.dleq!.s.exposedSecretHex)","r":"\#(p.dleq!.r.exposedSecretHex)"},"witness":"w","#
            + #""p2pk_e":"\#(p.p2pkE!.hex)","future":true}]}],"unit":null,"memo":"hi","v":9}"#
        let token = try TokenV3Coding.decode(Array(text.utf8))
        let decoded = try #require(token.proofs.first)
        #expect(decoded.dleq == p.dleq)
        #expect(decoded.witness == "w")
        #expect(decoded.p2pkE == p.p2pkE)
        #expect(token.unit == nil)
        #expect(token.memo == "hi")
    }

    @Test func dropsEntriesWithoutProofs() throws {
        let text = #"{"token":[{"mint":"a","proofs":[]},{"mint":"b","proofs":[{"amount":1,"id":"00ad268c4d1f5826","#
            + #""secret":"s","C":"\#(F.points[0].hex)"}]}]}"#
        #expect(try TokenV3Coding.decode(Array(text.utf8)).mints == ["b"])
    }

    @Test(arguments: [
        (#"{"token":[{"mint":"m","proofs":[{"amount":1.5,"id":"00ad268c4d1f5826","secret":"s","C":"CC"}]}]}"#,
            EncodingFailure.Code.invalidField),
        (#"{"token":[{"mint":"m","proofs":[{"amount":null,"id":"00ad268c4d1f5826","secret":"s","C":"CC"}]}]}"#,
            .missingField),
        (#"{"token":[{"mint":"","proofs":[{"amount":1,"id":"00ad268c4d1f5826","secret":"s","C":"CC"}]}]}"#,
            .invalidField),
        (#"{"token":[{"mint":"m","proofs":[{"amount":1,"id":"02ad268c4d1f5826","secret":"s","C":"CC"}]}]}"#,
            .invalidLength),
        (#"{"token":{}}"#, .invalidField),
        (#"[]"#, .invalidField),
        (#"{"token":[]"#, .invalidJSON),
        (#"{"token":[{"mint":"m","proofs":[{"amount":-1,"id":"00ad268c4d1f5826","secret":"s","C":"CC"}]}]}"#,
            .invalidField),
        (#""#, .invalidJSON),
    ])
    func rejectsMalformedJSON(text: String, code: EncodingFailure.Code) throws {
        let json = text.replacingOccurrences(of: "\"CC\"", with: "\"\(F.points[0].hex)\"")
        #expect { try TokenV3Coding.decode(Array(json.utf8)) } throws: { ($0 as? EncodingFailure)?.code == code }
    }
}
