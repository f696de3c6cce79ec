// Vectors/local-malformed-tokens.json — one parameterised test over every case of the file.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("local-malformed-tokens vectors")
struct LocalMalformedTokensVectorTests {
    static let file = VectorFile.load("local-malformed-tokens")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        let decode: () throws -> Token
        switch c.group {
        case "token_text":
            let text = try c.string(c.input["token"], "input.token")
            decode = { try Token.decode(text) }
        case "token_binary":
            let raw = try Hex.decode(try c.string(c.input["binary_hex"], "input.binary_hex"))
            decode = { try Token.decode(binary: raw) }
        default:
            throw c.fail("unknown group \(c.group)")
        }
        let known: [KeysetID]? = try c.input["known_keysets"].arrayValue.map { list in
            try list.map { try KeysetID(hex: try c.string($0, "known_keysets[]")) }
        }
        // Decoding checks each C's shape; curve membership is checked by validatePoints (as a receiving wallet does).
        let run: () throws -> (decoded: Token, resolved: Token?) = {
            let token = try decode()
            try token.validatePoints()
            return (token, try known.map { try token.resolvingShortIDs(against: $0) })
        }
        guard c.valid else {
            let code = try c.string(c.expected["error_code"], "expected.error_code")
            switch try c.string(c.expected["error_type"], "expected.error_type") {
            case "EncodingFailure":
                try c.expectError(EncodingFailure.self, "decode", matching: { $0.code.rawValue == code }) {
                    _ = try run()
                }
            case "CryptoError":
                try c.expectError(CryptoError.self, "decode", matching: { $0.code.rawValue == code }) { _ = try run() }
            case let other:
                throw c.fail("unknown error_type \(other)")
            }
            return
        }
        let (token, resolved) = try run()
        let e = c.expected
        try c.expectEqual(token.mint, e["mint"].stringValue, "mint")
        try c.expectEqual(token.unit, e["unit"].stringValue, "unit")
        try c.expectEqual(token.memo, e["memo"].stringValue, "memo")
        try c.expectEqual(try token.totalAmount(), e["amount"].uint64Value, "amount")
        try c.expectEqual(token.proofCount, e["proof_count"].uint64Value.map(Int.init), "proof count")
        try c.expectEqual(
            token.keysetIDs.map(\.hex), e["keyset_ids"].arrayValue?.compactMap(\.stringValue), "keyset ids")
        if let mints = e["mints"].arrayValue {
            try c.expectEqual(token.mints, mints.compactMap(\.stringValue), "mints")
        }
        if let ids = e["resolved_keyset_ids"].arrayValue {
            try c.expectEqual(resolved?.keysetIDs.map(\.hex), ids.compactMap(\.stringValue), "resolved keyset ids")
        }
        let first = token.proofs.first
        if let flag = e["has_dleq"].boolValue { try c.expectEqual(first?.dleq != nil, flag, "dleq present") }
        if let flag = e["has_witness"].boolValue { try c.expectEqual(first?.witness != nil, flag, "witness present") }
        if let flag = e["has_pe"].boolValue { try c.expectEqual(first?.p2pkE != nil, flag, "pe present") }
        // Whatever was accepted must survive a round trip through the format it came in.
        let version: Token.Version = token.mint == nil ? .v3 : .v4
        try c.expectEqual(try Token.decode(try token.serialized(as: version)), token, "round trip")
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
