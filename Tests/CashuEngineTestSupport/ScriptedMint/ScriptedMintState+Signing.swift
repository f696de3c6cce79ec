// Test support: how a ScriptedMint signs outputs (NUT-00 BDHKE with a NUT-12 DLEQ) and remembers every signature.

import CashuEngine

extension ScriptedMintState {
    /// Signs `outputs` with the amounts given (their own amounts unless `amounts` says otherwise, as for NUT-08
    /// change) and remembers each signature by its `B_`. Nothing is remembered if one fails.
    /// - Throws: ``MintError`` code 0 when a key is missing or the DLEQ cannot be made (never for checked outputs).
    mutating func sign(_ outputs: [BlindedMessage], amounts: [UInt64]? = nil) throws(MintError) -> [BlindSignature] {
        var signatures: [BlindSignature] = []
        signatures.reserveCapacity(outputs.count)
        for (index, output) in outputs.enumerated() {
            let amount = amounts?[index] ?? output.amount
            guard let keyset = keyset(output.id), let key = keyset.privateKeys[amount] else {
                throw MintError(code: 0, detail: "cannot sign output \(index)")
            }
            signatures.append(try Self.signature(B_: output.B_, amount: amount, keyset: keyset, key: key))
        }
        for (output, signature) in zip(outputs, signatures) { signed[output.B_] = signature }
        return signatures
    }

    /// `C_ = k·B_` with its DLEQ proof.
    static func signature(B_: Point, amount: UInt64, keyset: ScriptedKeyset, key: Scalar) throws(MintError)
        -> BlindSignature
    {
        let C_ = BDHKE.sign(B_: B_, k: key)
        do {
            let dleq = try DLEQ.prove(a: key, B_: B_, C_: C_)
            return BlindSignature(amount: amount, id: keyset.id, C_: C_, dleq: dleq)
        } catch {
            throw MintError(code: 0, detail: "cannot prove the signature: \(error)")
        }
    }

    /// A proof of the active keyset on a fresh secret, with the DLEQ a token carries; its blinded message is
    /// remembered like any other signature.
    mutating func issueProof(amount: UInt64, secret: String) -> Proof {
        let keyset = activeKeyset
        guard let key = keyset.privateKeys[amount] else {
            preconditionFailure("ScriptedMint has no key for amount \(amount); use powers of two up to 2^20")
        }
        do {
            let r = Scalar.random()
            let B_ = try BDHKE.blind(secret: secret, r: r)
            let signature = try Self.signature(B_: B_, amount: amount, keyset: keyset, key: key)
            signed[B_] = signature
            let C = try BDHKE.unblind(C_: signature.C_, r: r, mintKey: key.publicKey)
            let dleq = signature.dleq.map { ProofDLEQ($0, r: r) }
            return Proof(amount: amount, id: keyset.id, secret: secret, C: C, dleq: dleq)
        } catch {
            preconditionFailure("ScriptedMint cannot issue a proof: \(error)")
        }
    }
}
