// Nutshell interop — NUT-00/12: tokens made by Nutshell's own wallet CLI, decoded and checked with our decoder.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

extension NutshellFixtureTests {
    struct CapturedToken: Sendable, CustomStringConvertible {
        var filename: String
        var prefix: String
        var hasDLEQ: Bool
        var memo: String?
        var description: String { filename }
    }

    static let capturedTokens = [
        CapturedToken(filename: "token-v4.txt", prefix: "cashuB", hasDLEQ: false),
        CapturedToken(filename: "token-v4-dleq-memo.txt", prefix: "cashuB", hasDLEQ: true, memo: "fixture memo"),
        CapturedToken(filename: "token-v3.txt", prefix: "cashuA", hasDLEQ: false),
        CapturedToken(filename: "token-v3-dleq.txt", prefix: "cashuA", hasDLEQ: true),
    ]

    @Test("Nutshell CLI tokens decode: points, amount, mint, unit, memo, keyset, DLEQ", arguments: capturedTokens)
    func token(_ captured: CapturedToken) throws {
        let text = try NutshellFixture.token(captured.filename)
        #expect(text.hasPrefix(captured.prefix))
        let manifest = try NutshellFixture.manifest()
        let tokens = try #require(manifest["tokens"] as? [String: [String: Any]])
        let amount = try #require(tokens[captured.filename]?["amount"] as? Int)

        let decoded = try Token.decode(text)
        try decoded.validatePoints()
        #expect(try decoded.totalAmount() == UInt64(amount))
        #expect(decoded.mint == manifest["mint_url"] as? String)
        #expect(decoded.unit == "sat")
        #expect(decoded.memo == captured.memo)

        let keyset = try NutshellFixture.keyset()
        // Nutshell writes short (8-byte) keyset ids in V4 tokens and full ones in V3.
        #expect(decoded.hasShortKeysetIDs == (captured.prefix == "cashuB"))
        let token = try decoded.resolvingShortIDs(against: [keyset.id])
        for proof in token.proofs {
            #expect(proof.id == keyset.id)
            #expect(proof.witness == nil)
            let key = try #require(keyset.keys[proof.amount])
            if captured.hasDLEQ {
                try proof.verifyDLEQ(mintKey: key)
            } else {
                #expect(proof.dleq == nil)
            }
        }
        // Our encoding of it decodes to the same token.
        for version in Token.Version.allCases {
            #expect(try Token.decode(decoded.serialized(as: version)) == decoded, "\(version)")
        }
    }
}
