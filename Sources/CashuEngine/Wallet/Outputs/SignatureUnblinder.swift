// Wallet: checks a mint's blind signatures against the outputs they answer, then unblinds them (NUT-00, NUT-12).

/// Turns a mint's signatures into proofs, trusting the mint's keys and not its word.
///
/// Every signature must answer its output (same keyset; same amount unless it is NUT-08 change), name an amount the
/// keyset has a key for, and carry a valid DLEQ proof when it carries one (or always, with `requireDLEQ`). Any
/// failure rejects the whole answer with ``WalletError/Code/invalidMintResponse``.
struct SignatureUnblinder: Sendable {
    /// Keys by keyset id.
    let keys: [KeysetID: KeysetKeys]
    let requireDLEQ: Bool

    /// Unblinds signatures that answer `outputs` pairwise (swap, mint, restore).
    func proofs(signatures: [BlindSignature], outputs: [PlannedOutput]) throws(WalletError) -> [Proof] {
        guard signatures.count == outputs.count else {
            throw invalid("\(signatures.count) signatures for \(outputs.count) outputs")
        }
        var proofs: [Proof] = []
        proofs.reserveCapacity(outputs.count)
        for (index, (signature, output)) in zip(signatures, outputs).enumerated() {
            guard signature.amount == output.amount else {
                throw invalid("signature \(index) is for \(signature.amount), the output asked \(output.amount)")
            }
            proofs.append(try proof(signature: signature, output: output, index: index))
        }
        return proofs
    }

    /// Unblinds NUT-08 change: each signature answers the blank output at its index (`change[i]` ↔ `outputs[i]` in a
    /// melt answer; by `B_` in a NUT-09 restore), with the amount the mint chose.
    func change(signatures: [Int: BlindSignature], blankOutputs: [PlannedOutput]) throws(WalletError) -> [Proof] {
        var proofs: [Proof] = []
        for (index, signature) in signatures.sorted(by: { $0.key < $1.key }) {
            guard blankOutputs.indices.contains(index) else {
                throw invalid("change signature \(index) answers no blank output (\(blankOutputs.count) sent)")
            }
            guard signature.amount > 0 else { throw invalid("change signature \(index) has amount 0") }
            var answered = blankOutputs[index]
            answered.amount = signature.amount
            proofs.append(try proof(signature: signature, output: answered, index: index))
        }
        return proofs
    }

    /// Checks and unblinds one signature for one output.
    func proof(signature: BlindSignature, output: PlannedOutput, index: Int) throws(WalletError) -> Proof {
        guard signature.id == output.keysetID else {
            throw invalid("signature \(index) is from keyset \(signature.id), the output asked \(output.keysetID)")
        }
        guard let keyset = keys[signature.id] else {
            throw invalid("signature \(index) names keyset \(signature.id), whose keys the wallet does not have")
        }
        guard let mintKey = keyset[signature.amount] else {
            throw invalid("signature \(index) is for amount \(signature.amount), which keyset \(signature.id) lacks")
        }
        var dleq: ProofDLEQ?
        if let signatureDLEQ = signature.dleq {
            do {
                try signature.verifyDLEQ(blindedMessage: output.blindedMessage, mintKey: mintKey)
            } catch {
                throw invalid("signature \(index) carries an invalid DLEQ proof")
            }
            dleq = ProofDLEQ(signatureDLEQ, r: output.blindingFactor)
        } else if requireDLEQ {
            throw invalid("signature \(index) carries no DLEQ proof")
        }
        let C: Point
        do {
            C = try BDHKE.unblind(C_: signature.C_, r: output.blindingFactor, mintKey: mintKey)
        } catch {
            throw invalid("signature \(index) cannot be unblinded")
        }
        return Proof(
            amount: signature.amount, id: signature.id, secret: output.secret, C: C, dleq: dleq, p2pkE: output.p2pkE)
    }

    private func invalid(_ reason: String) -> WalletError {
        WalletError(.invalidMintResponse, reason)
    }
}
