// Tests for finding a serialized token inside other text (TokenFinder).

import Foundation
import Testing

@testable import CashuEngine
import CoreCashu

@Suite("TokenFinder")
struct TokenFinderTests {
    static let token = Token(mint: "http://127.0.0.1:3338", unit: "sat", proofs: [TokenFixtures.proof(8)])

    static func encoded(_ version: Token.Version = .v4) throws -> String { try token.serialized(as: version) }

    @Test(
        "a token is found wherever it sits in the text",
        arguments: [
            "%@", "cashu:%@", "  %@\n", "here you go: %@ enjoy", "line one\n%@\nline three", "<a href=\"cashu:%@\">",
            "(%@)", "pay me\tcashu:%@.", "https://wallet.example/#token=%@", "https://x.example/r?token=%@&a=1",
        ])
    func foundInText(_ template: String) throws {
        for version in [Token.Version.v3, .v4] {
            let encoded = try Self.encoded(version)
            let text = template.replacingOccurrences(of: "%@", with: encoded)
            let (token, found) = try TokenFinder.firstToken(in: text)
            #expect(try token.totalAmount() == 8)
            #expect(found.hasSuffix(encoded))
        }
    }

    @Test("the first token that decodes wins; look-alikes and glued prefixes are skipped")
    func firstDecodableWins() throws {
        let encoded = try Self.encoded()
        let text = "cashuBnot-a-token and xcashuB\(encoded.dropFirst(6)) then \(encoded)"
        let (_, found) = try TokenFinder.firstToken(in: text)
        #expect(found == encoded)
        #expect(TokenFinder.candidates(in: text).count == 2)
    }

    @Test("text without a token is refused with the reason")
    func nothingFound() {
        #expect(throws: EncodingFailure.self) { try TokenFinder.firstToken(in: "hello cashu world, cashuC123") }
        #expect(throws: (any Error).self) { try TokenFinder.firstToken(in: "cashuBgarbage!!") }
        #expect(TokenFinder.candidates(in: String(repeating: "cashuA ", count: 100)).count == 16)
    }
}
