// Tests of Sources/CashuEngine/NUTs/NUT00/TokenDecoder.swift: prefix dispatch, URI scheme, whitespace, size limits.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("TokenDecoder")
struct TokenDecoderTests {
    typealias F = TokenFixtures

    static let token = Token(mint: "https://mint.example", unit: "sat", memo: "m", proofs: [F.proof(5)])

    @Test(arguments: Token.Version.allCases)
    func acceptsURISchemeInAnyCaseAndSurroundingWhitespace(version: Token.Version) throws {
        let text = try Self.token.serialized(as: version)
        for wrapped in ["cashu:" + text, "CASHU:" + text, "Cashu:" + text, "\t \n" + text + " \r\n"] {
            #expect(try TokenDecoder.decode(wrapped) == Self.token)
        }
    }

    @Test(arguments: ["", "   ", "cashu", "cashu:", "cashuC", "cashu:cashuZabc", "CashuB", "craw", "xcashuB"])
    func rejectsUnknownPrefixes(text: String) {
        #expect { try TokenDecoder.decode(text) } throws: { ($0 as? EncodingFailure)?.code == .invalidPrefix }
    }

    @Test func rejectsOversizedTextBeforeDecoding() {
        let big = "cashuB" + String(repeating: "A", count: TokenDecoder.maximumTextLength)
        #expect { try TokenDecoder.decode(big) } throws: { ($0 as? EncodingFailure)?.code == .limitExceeded }
        let padded = String(repeating: " ", count: TokenDecoder.maximumTextLength + 2048) + "cashuB"
        #expect { try TokenDecoder.decode(padded) } throws: { ($0 as? EncodingFailure)?.code == .limitExceeded }
    }

    @Test func rejectsOversizedBinary() {
        let big = Array("crawB".utf8) + [UInt8](repeating: 0, count: TokenDecoder.maximumBinaryLength)
        #expect { try TokenDecoder.decode(binary: big) } throws: { ($0 as? EncodingFailure)?.code == .limitExceeded }
    }

    @Test func binaryNeedsTheCrawBPrefix() throws {
        let body = try TokenV4Coding.encode(Self.token)
        #expect(try TokenDecoder.decode(binary: Array("crawB".utf8) + body) == Self.token)
        for prefix in ["", "craw", "crawA", "CRAWB", "cashuB"] {
            #expect { try TokenDecoder.decode(binary: Array(prefix.utf8) + body) } throws: {
                ($0 as? EncodingFailure)?.code == .invalidPrefix
            }
        }
    }

    /// Its speed is measured by the "token V4 decode" benchmarks (Benchmarks/), never asserted here.
    @Test func largeTokenDecodes() throws {
        let token = F.largeToken(1000)
        let decoded = try TokenDecoder.decode(try token.serialized())
        #expect(decoded.proofCount == 1000)
        #expect(try decoded.totalAmount() == token.totalAmount())
    }
}
