// Test support for NUT-10/11/14 — keys, proofs and outputs for spending-condition tests.

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

enum SpendingFixtures {
    static let keysetID: KeysetID = {
        // A constant valid v1 id.
        (try? KeysetID(hex: "00bfa73302d12ffd"))!
    }()

    /// Deterministic private keys 1…n (test only).
    static func key(_ n: UInt8) -> Scalar {
        (try? Scalar(rawRepresentation: [UInt8](repeating: 0, count: 31) + [n]))!
    }

    static func proof(_ secret: WellKnownSecret, amount: UInt64 = 2, witness: String? = nil) -> Proof {
        Proof(
            amount: amount, id: keysetID, secret: secret.rawValue,
            C: Point(generatorMultipliedBy: Scalar.random()), witness: witness)
    }

    static func output(amount: UInt64 = 2) -> BlindedMessage {
        BlindedMessage(amount: amount, id: keysetID, B_: Point(generatorMultipliedBy: Scalar.random()))
    }

    /// A SIG_INPUTS witness with signatures by `keys` over the proof's secret.
    static func witness(_ proof: Proof, keys: [Scalar]) throws -> String {
        let digest = SigAllMessage.digest(proof.secret)
        let signatures = try keys.map { Hex.encode(try Schnorr.sign(message: digest, key: $0)) }
        return P2PKWitness(signatures: signatures).serialized
    }

    static func code(_ body: () throws -> Void) -> SpendingConditionError.Code? {
        do {
            try body()
            return nil
        } catch let error as SpendingConditionError {
            return error.code
        } catch {
            return SpendingConditionError.Code(rawValue: "other: \(error)")
        }
    }
}
