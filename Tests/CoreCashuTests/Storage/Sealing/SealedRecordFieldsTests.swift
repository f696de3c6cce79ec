// Tests of Storage/Sealing/SealedRecordFields.swift: every secret field of proofs, tokens and queue entries
// survives sealing, and a sealed value belongs to its record.

import Foundation
import Testing

@testable import CashuEngine

@Suite("SealedRecordFields")
struct SealedRecordFieldsTests {
    static let sealer = RecordSealerTests.sealer

    static func point(_ seed: UInt8) throws -> Point {
        Point(generatorMultipliedBy: try Scalar(rawRepresentation: [UInt8](repeating: 0, count: 31) + [seed]))
    }

    @Test("a proof with every optional field, and one with none, round-trip; another Y does not open them")
    func proofs() throws {
        let Y = CompressedPoint(try Self.point(1))
        let full = Proof(
            amount: 8, id: try KeysetID(hex: "00ad268c4d1f5826"), secret: "ünïcødé 🥜 secret",
            C: CompressedPoint(try Self.point(2)),
            dleq: ProofDLEQ(
                e: try Scalar(hex: String(repeating: "11", count: 32)),
                s: try Scalar(hex: String(repeating: "22", count: 32)),
                r: try Scalar(hex: String(repeating: "33", count: 32))),
            witness: #"{"signatures":["ab"]}"#, p2pkE: try Self.point(3))
        var bare = full
        bare.dleq = nil
        bare.witness = nil
        bare.p2pkE = nil
        for proof in [full, bare] {
            let sealed = try SealedRecordFields.seal(proof, Y: Y, with: Self.sealer)
            let opened = try SealedRecordFields.openProof(
                sealed, Y: Y, amount: proof.amount, keysetID: proof.id, with: Self.sealer)
            #expect(opened == proof)
            #expect(!sealed.containsSubsequence(Array(proof.secret.utf8)))
            let other = CompressedPoint(try Self.point(4))
            #expect(throws: StorageError.self) {
                try SealedRecordFields.openProof(sealed, Y: other, amount: 8, keysetID: proof.id, with: Self.sealer)
            }
        }
    }

    @Test("NUT-22 tokens, queue entries and single fields round-trip")
    func otherRecords() throws {
        let token = AuthProof(
            id: try KeysetID(hex: "00ad268c4d1f5826"), secret: "auth-secret", C: try Self.point(5), dleq: nil)
        let tag = Self.sealer.tag(token.secret, domain: SealedRecordFields.authSecretDomain)
        let sealedToken = try SealedRecordFields.seal(token, tag: tag, with: Self.sealer)
        let opened = try SealedRecordFields.openAuthProof(sealedToken, tag: tag, keysetID: token.id, with: Self.sealer)
        #expect(opened == token)

        for result: [UInt8]? in [nil, [], [9, 9]] {
            let sealed = try SealedRecordFields.sealQueued(payload: [1, 2], result: result, id: "q", with: Self.sealer)
            let opened = try SealedRecordFields.openQueued(sealed, id: "q", with: Self.sealer)
            #expect(opened.payload == [1, 2] && opened.result == result)
        }
        let field = try SealedRecordFields.sealField(Array("{}".utf8), context: "operations:x", with: Self.sealer)
        #expect(try SealedRecordFields.openField(field, context: "operations:x", with: Self.sealer) == Array("{}".utf8))
        #expect(throws: StorageError.self) {
            try SealedRecordFields.openField(field, context: "operations:y", with: Self.sealer)
        }
    }

    @Test("fields cut short or padded are corrupt, not a crash")
    func malformed() throws {
        var writer = SealedFieldsWriter()
        writer.string("abc")
        let complete = writer.output
        for bytes in [[], [2], Array(complete.dropLast()), complete + [0], [1, 255, 255, 255, 255]] {
            #expect(throws: StorageError.self) {
                var reader = try SealedFieldsReader(bytes)
                _ = try reader.string()
                try reader.finish()
            }
        }
    }
}
