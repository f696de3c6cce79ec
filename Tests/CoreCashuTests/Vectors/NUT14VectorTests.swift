// Vectors/nut14.json — one parameterised test over every case of the file.

import Crypto
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("nut14 vectors")
struct NUT14VectorTests {
    static let file = VectorFile.load("nut14")

    static let expectedCodes: [String: SpendingConditionError.Code] = [
        "htlc_sig_all/invalid_refund_before_locktime": .insufficientSignatures
    ]

    /// Checks one case; throws a `VectorMismatch` (or the library's error) when the case does not hold.
    static func check(_ c: VectorCase) throws {
        switch c.group {
        case "hash_lock":
            let preimageHex = try c.string(c.input["preimage"], "preimage")
            let preimage = try HTLCPreimage(hex: preimageHex)
            if c.valid {
                try c.expectEqual(preimage.hashLockHex, try c.string(c.expected["data"], "data"), "hash lock")
            } else {
                // The mistake: hashing the hex text. Our lock differs, and a lock made that way rejects the preimage.
                let wrong = try c.string(c.expected["data_must_not_be"], "data_must_not_be")
                try c.expectEqual(Hex.encode(SHA256.hash(data: Array(preimageHex.utf8))), wrong, "hex-text hash")
                try c.expectTrue(preimage.hashLockHex != wrong, "lock is not the hash of the hex text")
                let secret = try WellKnownSecret.htlc(hashLock: Hex.decode(wrong))
                let proof = Proof(
                    amount: 1, id: try KeysetID(hex: "00bfa73302d12ffd"), secret: secret.rawValue,
                    C: Point(generatorMultipliedBy: Scalar.random()),
                    witness: HTLCWitness(preimage: preimage).serialized)
                try c.expectError(SpendingConditionError.self, "hex-text lock", matching: {
                    $0.code == .preimageMismatch
                }) { try SpendingConditionVerifier.verify(proof, now: 0) }
            }
        case "htlc_swap":
            try NUT11VectorTests.checkTransaction(c, expectedCodes: expectedCodes)
        default:
            throw c.fail("unknown group \(c.group)")
        }
    }

    @Test(arguments: file.cases)
    func vector(_ c: VectorCase) throws {
        try Self.check(c)
    }
}
