// Vectors/nut12.json — one parameterised test over every case of the file.

import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut12 vectors")
struct NUT12VectorTests {
    static let file = VectorFile.load("nut12")

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        // Every case of nut12.json is valid; an invalid one would need its own expected error here.
        try c.expectTrue(c.valid, "unexpected invalid case")
        switch c.group {
        case "hash_e":
            let points = try ["R1", "R2", "K", "C_"].map { try Point(hex: c.string(c.input[$0], $0)) }
            try c.expectEqual(Hex.encode(DLEQ.hashE(points)), c.string(c.expected["hash"], "hash"), "hash_e")
        case "dleq_generation":
            let a = try Scalar(hex: c.string(c.input["a"], "a"))
            let A = try Point(hex: c.string(c.input["A"], "A"))
            let B_ = try Point(hex: c.string(c.input["B_"], "B_"))
            let C_ = try Point(hex: c.string(c.input["C_"], "C_"))
            try c.expectEqual(a.publicKey, A, "A = a·G")
            try c.expectEqual(BDHKE.sign(B_: B_, k: a), C_, "C_ = a·B_")
            let r = try DLEQ.deterministicNonce(a: a, A: A, B_: B_, C_: C_)
            if let derivedR = c.derived["r"].stringValue {
                try c.expectEqual(r.exposedSecretHex, derivedR, "deterministic nonce r")
            }
            let dleq = try DLEQ.prove(a: a, B_: B_, C_: C_)
            try c.expectEqual(dleq.e.exposedSecretHex, c.string(c.expected["e"], "e"), "e")
            try c.expectEqual(dleq.s.exposedSecretHex, c.string(c.expected["s"], "s"), "s")
            try c.expectTrue(DLEQ.verify(A: A, B_: B_, C_: C_, e: dleq.e, s: dleq.s), "generated DLEQ verifies")
        case "dleq_verify_blind_signature":
            let A = try Point(hex: c.string(c.input["A"], "A"))
            let B_ = try Point(hex: c.string(c.input["B_"], "B_"))
            let signature = try JSONDecoder().decode(BlindSignature.self, from: c.input["blind_signature"].jsonData)
            let output = BlindedMessage(amount: signature.amount, id: signature.id, B_: B_)
            try c.expectEqual(c.expected["dleq_valid"].boolValue, true, "dleq_valid")
            try signature.verifyDLEQ(blindedMessage: output, mintKey: A)
        case "dleq_verify_proof":
            let A = try Point(hex: c.string(c.input["A"], "A"))
            let proof = try JSONDecoder().decode(Proof.self, from: c.input["proof"].jsonData)
            try c.expectEqual(c.expected["dleq_valid"].boolValue, true, "dleq_valid")
            if let y = c.derived["Y"].stringValue {
                try c.expectEqual(try HashToCurve.point(secret: proof.secret).hex, y, "Y = hash_to_curve(utf8(secret))")
            }
            try proof.verifyDLEQ(mintKey: A)
        default:
            throw c.fail("unknown NUT-12 group \(c.group)")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
