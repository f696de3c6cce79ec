// NUT-00 — Cryptography and models: token V3, the JSON body of deprecated `cashuA…` tokens (may span several mints).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Converts between ``Token`` and the V3 JSON `{"token": [{"mint", "proofs"}], "unit"?, "memo"?}`.
///
/// Encoding is written by hand so that it reproduces the published vector byte for byte: compact JSON, keys in the
/// order `token, unit, memo`, proofs `amount, id, secret, C` then `dleq, witness, p2pk_e`, `/` not escaped (NUT-00
/// §V3 "should be cleared of any whitespace"). Decoding uses `JSONDecoder` and ignores unknown keys.
enum TokenV3Coding {
    // MARK: Encoding

    /// The UTF-8 JSON of a token (any number of mints; no field is required).
    static func encode(_ token: Token) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 + token.proofCount * 200)
        out.append(contentsOf: #"{"token":["#.utf8)
        for (index, entry) in token.entries.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: #"{"mint":"#.utf8)
            appendString(TokenEntry.normalizedMintURL(entry.mint), to: &out)
            out.append(contentsOf: #","proofs":["#.utf8)
            for (p, proof) in entry.proofs.enumerated() {
                if p > 0 { out.append(UInt8(ascii: ",")) }
                appendProof(proof, to: &out)
            }
            out.append(contentsOf: "]}".utf8)
        }
        out.append(UInt8(ascii: "]"))
        if let unit = token.unit {
            out.append(contentsOf: #","unit":"#.utf8)
            appendString(unit, to: &out)
        }
        if let memo = token.memo {
            out.append(contentsOf: #","memo":"#.utf8)
            appendString(memo, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func appendProof(_ proof: Proof, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"amount":"#.utf8)
        out.append(contentsOf: String(proof.amount).utf8)
        out.append(contentsOf: #","id":""#.utf8)
        out.append(contentsOf: proof.id.hex.utf8)
        out.append(contentsOf: #"","secret":"#.utf8)
        appendString(proof.secret, to: &out)
        out.append(contentsOf: #","C":""#.utf8)
        out.append(contentsOf: proof.C.hex.utf8)
        out.append(UInt8(ascii: "\""))
        if let dleq = proof.dleq {
            out.append(contentsOf: #","dleq":{"e":""#.utf8)
            out.append(contentsOf: dleq.e.exposedSecretHex.utf8)
            out.append(contentsOf: #"","s":""#.utf8)
            out.append(contentsOf: dleq.s.exposedSecretHex.utf8)
            out.append(contentsOf: #"","r":""#.utf8)
            out.append(contentsOf: dleq.r.exposedSecretHex.utf8)
            out.append(contentsOf: #""}"#.utf8)
        }
        if let witness = proof.witness {
            out.append(contentsOf: #","witness":"#.utf8)
            appendString(witness, to: &out)
        }
        if let e = proof.p2pkE {
            out.append(contentsOf: #","p2pk_e":""#.utf8)
            out.append(contentsOf: e.hex.utf8)
            out.append(UInt8(ascii: "\""))
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Appends `string` as a JSON string literal (RFC 8259 §7): `"` `\` and control characters escaped, `/` and
    /// non-ASCII left as they are.
    static func appendString(_ string: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case 0x0a: out.append(contentsOf: #"\n"#.utf8)
            case 0x0d: out.append(contentsOf: #"\r"#.utf8)
            case 0x09: out.append(contentsOf: #"\t"#.utf8)
            case 0x08: out.append(contentsOf: #"\b"#.utf8)
            case 0x0c: out.append(contentsOf: #"\f"#.utf8)
            case 0x00..<0x20:
                let digits = Array("0123456789abcdef".utf8)
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(digits[Int(byte >> 4)])
                out.append(digits[Int(byte & 0x0f)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Decoding

    /// Decodes the JSON body of a V3 token.
    ///
    /// - Throws: ``EncodingFailure`` `.invalidJSON` for text that is not JSON, `.missingField` / `.invalidField` for
    ///   absent or mistyped fields, `.invalidHex` / `.invalidLength` for bad keyset ids, `.amountOverflow` for
    ///   amounts over 2^63 or a total over `UInt64.max`, `.invalidField` for a token without proofs; ``CryptoError``
    ///   for an invalid `C`, `p2pk_e` or DLEQ value.
    static func decode(_ bytes: [UInt8]) throws -> Token {
        let wire: TokenV3Wire
        do {
            wire = try JSONDecoder().decode(TokenV3Wire.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw failure(error)
        }
        var entries: [TokenEntry] = []
        entries.reserveCapacity(wire.token.count)
        var total: UInt64 = 0
        for entryWire in wire.token {
            let mint = TokenEntry.normalizedMintURL(entryWire.mint)
            guard !mint.isEmpty else { throw EncodingFailure(.invalidField, "V3 token entry has an empty mint") }
            var proofs: [Proof] = []
            proofs.reserveCapacity(entryWire.proofs.count)
            for p in entryWire.proofs {
                guard p.amount <= TokenV4Coding.maximumAmount else {
                    throw EncodingFailure(.amountOverflow, "proof amount exceeds 2^63")
                }
                let (sum, overflow) = total.addingReportingOverflow(p.amount)
                guard !overflow else { throw EncodingFailure(.amountOverflow, "token amounts overflow UInt64") }
                total = sum
                let dleq = try p.dleq.map { d throws in
                    ProofDLEQ(e: try Scalar(hex: d.e), s: try Scalar(hex: d.s), r: try Scalar(hex: d.r))
                }
                proofs.append(
                    Proof(
                        amount: p.amount, id: try KeysetID(hex: p.id), secret: p.secret,
                        C: try CompressedPoint(hex: p.C),
                        dleq: dleq, witness: p.witness, p2pkE: try p.p2pkE.map { e throws in try Point(hex: e) }))
            }
            // An entry without proofs carries nothing; dropping it keeps `mints` honest.
            if !proofs.isEmpty { entries.append(TokenEntry(mint: mint, proofs: proofs)) }
        }
        guard !entries.isEmpty else { throw EncodingFailure(.invalidField, "token holds no proofs") }
        return Token(entries: entries, unit: wire.unit, memo: wire.memo)
    }

    private static func failure(_ error: DecodingError) -> EncodingFailure {
        switch error {
        case .keyNotFound(let key, let context):
            return EncodingFailure(.missingField, "V3 token lacks \(path(context.codingPath + [key]))")
        case .valueNotFound(_, let context):
            return EncodingFailure(.missingField, "V3 token has null at \(path(context.codingPath))")
        case .typeMismatch(_, let context):
            return EncodingFailure(.invalidField, "V3 token has a mistyped \(path(context.codingPath))")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            return EncodingFailure(.invalidField, "V3 token has an unreadable \(path(context.codingPath))")
        default:
            return EncodingFailure(.invalidJSON, "V3 token is not valid JSON")
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
