// Test support: blinded outputs with their secrets and blinding factors, and unblinding the mint's answers.

import Foundation

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

/// Outputs a test sends to a mint, with what it needs to turn the signatures into proofs.
struct PreparedOutputs {
    /// The blinded messages, in request order.
    var outputs: [BlindedMessage]
    /// Each output's secret.
    var secrets: [String]
    /// Each output's blinding factor.
    var blindingFactors: [Scalar]

    /// Fresh random outputs for `amounts` in keyset `keysetID`.
    init(amounts: [UInt64], keysetID: KeysetID) throws {
        outputs = []
        secrets = []
        blindingFactors = []
        for amount in amounts {
            let secret = Hex.encode((0..<32).map { _ in UInt8.random(in: 0...255) })
            let (B_, r) = try BDHKE.blind(secret: secret)
            outputs.append(BlindedMessage(amount: amount, id: keysetID, B_: B_))
            secrets.append(secret)
            blindingFactors.append(r)
        }
    }

    /// Outputs for the power-of-two split of `amount`.
    init(amount: UInt64, keysetID: KeysetID) throws {
        try self.init(amounts: AmountSplit.split(amount), keysetID: keysetID)
    }

    /// The proofs for `signatures` (which answer ``outputs`` index by index), each signature's DLEQ checked.
    /// - Parameter blank: `true` for NUT-08 change, whose amounts the mint chooses; else each signature's amount
    ///   must be its output's.
    func proofs(from signatures: [BlindSignature], keyset: MintKeyset, blank: Bool = false) throws -> [Proof] {
        if blank {
            guard signatures.count <= outputs.count else {
                throw CryptoError(.invalidPoint, "\(signatures.count) change signatures for \(outputs.count) outputs")
            }
        } else {
            try SwapResponse.validate(signatures: signatures, answer: outputs)
        }
        return try signatures.enumerated().map { index, signature in
            guard let key = keyset.keys[signature.amount] else {
                throw CryptoError(.invalidPoint, "no key for amount \(signature.amount)")
            }
            try signature.verifyDLEQ(blindedMessage: outputs[index], mintKey: key)
            let C = try BDHKE.unblind(C_: signature.C_, r: blindingFactors[index], mintKey: key)
            return Proof(amount: signature.amount, id: signature.id, secret: secrets[index], C: C)
        }
    }
}
