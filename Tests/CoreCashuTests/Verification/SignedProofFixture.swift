// Test support for the verification pipeline: proofs and signatures a real keyset signed, with NUT-12 DLEQ proofs.

import CoreCashu
import Foundation

/// One keyset (amounts 1…64) with its private keys, and proofs and signatures it made.
struct SignedProofFixture {
    let keysetID: KeysetID
    let privateKeys: [UInt64: Scalar]
    let keys: KeysetKeys

    init() throws {
        keysetID = try KeysetID(hex: "009a1f293253e41e")
        var privateKeys: [UInt64: Scalar] = [:]
        for power in 0..<7 { privateKeys[1 << UInt64(power)] = Scalar.random() }
        self.privateKeys = privateKeys
        keys = try KeysetKeys(privateKeys.mapValues(\.publicKey))
    }

    var context: VerificationContext { VerificationContext(keys: [keysetID: keys]) }

    /// A signed output and the proof unblinded from it, both with their DLEQ proofs.
    func signed(amount: UInt64) throws -> (proof: Proof, signed: SignedOutput) {
        guard let a = privateKeys[amount] else { throw CocoaError(.featureUnsupported) }
        let secret = Hex.encode(Scalar.random().exposedSecretBytes)
        let r = Scalar.random()
        let B_ = try BDHKE.blind(secret: secret, r: r)
        let C_ = BDHKE.sign(B_: B_, k: a)
        let dleq = try DLEQ.prove(a: a, B_: B_, C_: C_)
        let C = try BDHKE.unblind(C_: C_, r: r, mintKey: a.publicKey)
        let proof = Proof(amount: amount, id: keysetID, secret: secret, C: C, dleq: ProofDLEQ(dleq, r: r))
        let signature = BlindSignature(amount: amount, id: keysetID, C_: C_, dleq: dleq)
        return (proof, SignedOutput(signature: signature, output: BlindedMessage(amount: amount, id: keysetID, B_: B_)))
    }

    /// `count` proofs of amounts cycling through 1…64.
    func proofs(_ count: Int) throws -> [Proof] {
        try (0..<count).map { try signed(amount: 1 << UInt64($0 % 7)).proof }
    }

    /// A proof whose DLEQ names another challenge: it no longer verifies.
    static func breakingDLEQ(_ proof: Proof) -> Proof {
        var broken = proof
        if let dleq = proof.dleq { broken.dleq = ProofDLEQ(e: dleq.s, s: dleq.e, r: dleq.r) }
        return broken
    }
}
