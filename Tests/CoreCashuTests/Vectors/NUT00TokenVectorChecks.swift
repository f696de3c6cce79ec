// Vectors/nut00.json — the token V3/V4/binary cases.

import Foundation

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

enum NUT00TokenVectorChecks {
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "token_v3_serialization":
            let token = try tokenFromV3JSON(c.input["token_json"], c)
            let expected = try c.string(c.expected["token"], "expected.token")
            try c.expectEqual(try token.serialized(as: .v3), expected, "V3 serialization")
            try expectSameToken(try Token.decode(expected), token, c)
        case "token_v3_deserialization":
            let text = try c.string(c.input["token"], "input.token")
            if c.valid {
                try expectSameToken(try Token.decode(text), try tokenFromV3JSON(c.expected["token_json"], c), c)
            } else {
                try c.expectError(EncodingFailure.self, "V3 deserialization", matching: { $0.code == .invalidPrefix }) {
                    _ = try Token.decode(text)
                }
            }
        case "token_v4_serialization":
            let token = try tokenFromDiagnostic(try c.string(c.input["token_diagnostic"], "input.token_diagnostic"), c)
            let expected = try c.string(c.expected["token"], "expected.token")
            // The single-keyset vector carries `=` padding, the multi-keyset one does not: encode as each is written.
            try c.expectEqual(
                try token.serialized(as: .v4, padded: expected.hasSuffix("=")), expected, "V4 serialization")
            if let cborHex = c.derived["cbor_hex"].stringValue {
                try c.expectEqual(Hex.encode(try TokenV4Coding.encode(token)), cborHex, "V4 CBOR bytes")
            }
            try expectSameToken(try Token.decode(expected), token, c)
        case "token_v4_binary":
            let token = try tokenFromDiagnostic(try c.string(c.input["token_diagnostic"], "input.token_diagnostic"), c)
            let expected = try c.string(c.expected["raw_hex"], "expected.raw_hex")
            try c.expectEqual(Hex.encode(try token.binaryRepresentation()), expected, "binary V4")
            try expectSameToken(try Token.decode(binary: try Hex.decode(expected)), token, c)
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    /// Builds the expected token from the vector's V3 JSON, field by field (independently of the decoder).
    static func tokenFromV3JSON(_ json: JSONValue, _ c: VectorCase) throws -> Token {
        guard let entries = json["token"].arrayValue else { throw c.fail("token_json.token missing") }
        let built: [TokenEntry] = try entries.map { entry in
            let proofs: [Proof] = try (entry["proofs"].arrayValue ?? []).map { p in
                guard let amount = p["amount"].uint64Value else { throw c.fail("proof amount missing") }
                return Proof(
                    amount: amount, id: try KeysetID(hex: try c.string(p["id"], "id")),
                    secret: try c.string(p["secret"], "secret"), C: try Point(hex: try c.string(p["C"], "C")))
            }
            return TokenEntry(mint: try c.string(entry["mint"], "mint"), proofs: proofs)
        }
        return Token(entries: built, unit: json["unit"].stringValue, memo: json["memo"].stringValue)
    }

    /// Builds the expected token from the spec's CBOR diagnostic text: `h'..'` becomes `{"__bytes_hex__": ".."}` and
    /// trailing commas go, which leaves JSON.
    static func tokenFromDiagnostic(_ diagnostic: String, _ c: VectorCase) throws -> Token {
        var text = diagnostic.replacingOccurrences(
            of: #"h'([0-9a-fA-F]*)'"#, with: #"{"__bytes_hex__": "$1"}"#, options: .regularExpression)
        text = text.replacingOccurrences(of: #",(\s*[}\]])"#, with: "$1", options: .regularExpression)
        let json = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        if !c.derived["decoded"].isNull {
            try c.expectEqual(json, c.derived["decoded"], "diagnostic parsed like derived.decoded")
        }
        func bytes(_ v: JSONValue, _ what: String) throws -> [UInt8] {
            try Hex.decode(try c.string(v["__bytes_hex__"], what))
        }
        var proofs: [Proof] = []
        for group in json["t"].arrayValue ?? [] {
            let id = try KeysetID(bytes: try bytes(group["i"], "i"))
            for p in group["p"].arrayValue ?? [] {
                guard let amount = p["a"].uint64Value else { throw c.fail("proof a missing") }
                proofs.append(
                    Proof(
                        amount: amount, id: id, secret: try c.string(p["s"], "s"),
                        C: try Point(compressedRepresentation: try bytes(p["c"], "c"))))
            }
        }
        return Token(
            mint: try c.string(json["m"], "m"), unit: try c.string(json["u"], "u"), memo: json["d"].stringValue,
            proofs: proofs)
    }

    /// Compares two tokens field by field so a mismatch names the field.
    static func expectSameToken(_ actual: Token, _ expected: Token, _ c: VectorCase) throws {
        try c.expectEqual(actual.unit, expected.unit, "unit")
        try c.expectEqual(actual.memo, expected.memo, "memo")
        try c.expectEqual(actual.entries.count, expected.entries.count, "mint count")
        for (a, e) in zip(actual.entries, expected.entries) {
            try c.expectEqual(a.mint, e.mint, "mint")
            try c.expectEqual(a.proofs.count, e.proofs.count, "proof count")
            for (i, (p, q)) in zip(a.proofs, e.proofs).enumerated() {
                try c.expectEqual(p.amount, q.amount, "proof \(i) amount")
                try c.expectEqual(p.id, q.id, "proof \(i) id")
                try c.expectTrue(p.secret == q.secret, "proof \(i) secret differs")
                try c.expectEqual(p.C, q.C, "proof \(i) C")
                try c.expectEqual(p.dleq, q.dleq, "proof \(i) dleq")
                try c.expectEqual(p.witness, q.witness, "proof \(i) witness")
                try c.expectEqual(p.p2pkE, q.p2pkE, "proof \(i) p2pk_e")
            }
        }
        try c.expectEqual(actual, expected, "whole token")
    }
}
