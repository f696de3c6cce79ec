// Vectors/nut00.json — the hash_to_curve, blinding and blind-signing cases.

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

enum NUT00CryptoVectorChecks {
    static func check(_ c: VectorCase) throws {
        // All crypto cases of nut00.json are valid; an invalid one would need its own expected error here.
        try c.expectTrue(c.valid, "unexpected invalid case in a NUT-00 crypto group")
        switch c.group {
        case "hash_to_curve":
            // These vectors feed hex-DECODED message bytes (the note says so); proofs hash their UTF-8 secret.
            let message = try Hex.decode(c.string(c.input["message_hex"], "message_hex"))
            let y = try HashToCurve.point(message: message)
            try c.expectEqual(y.hex, c.string(c.expected["Y"], "Y"), "Y")
            if let used = c.derived["counter_used"].uint64Value {
                // The first counter that lifts wins: one fewer counter must exhaust.
                let limit = UInt32(used)
                let exhausted: (CryptoError) -> Bool = { $0.code == .hashToCurveExhausted }
                try c.expectError(CryptoError.self, "counter limit \(limit)", matching: exhausted) {
                    _ = try HashToCurve.point(message: message, counterLimit: limit)
                }
                try c.expectEqual(try HashToCurve.point(message: message, counterLimit: limit + 1), y, "Y at limit")
            }
        case "blinded_message":
            let x = try Hex.decode(c.string(c.input["x_hex"], "x_hex"))
            let r = try Scalar(hex: c.string(c.input["r"], "r"))
            let B_ = try BDHKE.blind(message: x, r: r)
            try c.expectEqual(B_.hex, c.string(c.expected["B_"], "B_"), "B_")
        case "blinded_signature":
            let k = try Scalar(hex: c.string(c.input["k"], "k"))
            let B_ = try Point(hex: c.string(c.input["B_"], "B_"))
            let C_ = BDHKE.sign(B_: B_, k: k)
            try c.expectEqual(C_.hex, c.string(c.expected["C_"], "C_"), "C_")
        default:
            throw c.fail("unknown NUT-00 crypto group \(c.group)")
        }
    }
}
