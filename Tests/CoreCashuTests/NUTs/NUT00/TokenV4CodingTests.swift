// Tests of Sources/CashuEngine/NUTs/NUT00/TokenV4Coding.swift: V4 CBOR layout, optional fields and decoding rules.

import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("TokenV4Coding")
struct TokenV4CodingTests {
    typealias F = TokenFixtures

    @Test func writesOptionalProofFieldsInOrder() throws {
        let p = try F.fullProof()
        let token = Token(mint: "m", unit: "sat", proofs: [p])
        let value = try CBORDecoder.decode(try TokenV4Coding.encode(token))
        let keys = value.mapValue?.compactMap(\.key.textValue)
        #expect(keys == ["t", "m", "u"])
        let proof = try #require(value["t"]?.arrayValue?.first?["p"]?.arrayValue?.first)
        #expect(proof.mapValue?.compactMap(\.key.textValue) == ["a", "s", "c", "d", "w", "pe"])
        #expect(proof["d"]?.mapValue?.compactMap(\.key.textValue) == ["e", "s", "r"])
        #expect(proof["d"]?["r"]?.bytesValue == p.dleq?.r.exposedSecretBytes)
        #expect(proof["pe"]?.bytesValue == p.p2pkE?.compressedRepresentation)
        #expect(proof["w"]?.textValue == p.witness)
        #expect(try TokenV4Coding.decode(try TokenV4Coding.encode(token)) == token)
    }

    @Test func writesShortestIntegers() throws {
        for (amount, head) in [(UInt64(23), [0x17]), (24, [0x18, 0x18]), (256, [0x19, 0x01, 0x00]),
            (1 << 63, [0x1b, 0x80, 0, 0, 0, 0, 0, 0, 0])] as [(UInt64, [UInt8])]
        {
            let bytes = try TokenV4Coding.encode(Token(mint: "m", unit: "sat", proofs: [F.proof(amount)]))
            let marker: [UInt8] = [0x61, 0x61]  // text "a"
            let at = try #require(bytes.indices.first { bytes[$0...].starts(with: marker) })
            #expect(Array(bytes[(at + 2)..<(at + 2 + head.count)]) == head)
        }
    }

    @Test func keepsShortAndLongKeysetIDs() throws {
        let long = try KeysetID(hex: "01" + String(repeating: "5a", count: 32))
        let token = Token(mint: "m", unit: "sat", proofs: [F.proof(1, id: long), F.proof(2, id: long.shortened, n: 1)])
        let decoded = try TokenV4Coding.decode(try TokenV4Coding.encode(token))
        #expect(decoded.keysetIDs == [long, long.shortened])
    }

    @Test func nullAndUndefinedCountAsAbsent() throws {
        let proof: CBORValue = .map([
            CBORMapEntry("a", .unsigned(1)), CBORMapEntry("s", .text("s")),
            CBORMapEntry("c", .bytes(F.points[0].compressedRepresentation)),
            CBORMapEntry("d", .null), CBORMapEntry("w", .undefined), CBORMapEntry("pe", .null),
        ])
        let root: CBORValue = .map([
            CBORMapEntry(
                "t", .array([.map([CBORMapEntry("i", .bytes(F.idV1.bytes)), CBORMapEntry("p", .array([proof]))])])),
            CBORMapEntry("d", .null), CBORMapEntry("m", .text("m")), CBORMapEntry("u", .text("sat")),
        ])
        let token = try TokenV4Coding.decode(CBOREncoder.encode(root))
        #expect(token.memo == nil)
        #expect(token.proofs.first?.dleq == nil && token.proofs.first?.witness == nil)
    }

    @Test func rejectsDuplicateKnownKeysEvenWhenOneIsUndefined() {
        let root: CBORValue = .map([
            CBORMapEntry("t", .array([])), CBORMapEntry("m", .undefined), CBORMapEntry("m", .text("m")),
            CBORMapEntry("u", .text("sat")),
        ])
        #expect { try TokenV4Coding.decode(CBOREncoder.encode(root)) } throws: {
            ($0 as? EncodingFailure)?.code == .invalidCBOR
        }
    }

    @Test func rejectsEmptyMintAndUnit() {
        for (m, u) in [("/", "sat"), ("m", "")] {
            let token = Token(mint: "x", unit: "sat", proofs: [F.proof(1)])
            var bytes = (try? TokenV4Coding.encode(token)) ?? []
            let root = (try? CBORDecoder.decode(bytes))?.mapValue ?? []
            let patched = root.map { e -> CBORMapEntry in
                switch e.key.textValue {
                case "m": return CBORMapEntry("m", .text(m))
                case "u": return CBORMapEntry("u", .text(u))
                default: return e
                }
            }
            bytes = CBOREncoder.encode(.map(patched))
            #expect { try TokenV4Coding.decode(bytes) } throws: { ($0 as? EncodingFailure)?.code == .missingField }
        }
    }
}
