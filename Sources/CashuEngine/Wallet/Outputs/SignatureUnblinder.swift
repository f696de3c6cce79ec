// Wallet: checks a mint's blind signatures against the outputs they answer, then unblinds them (NUT-00, NUT-12).

/// Turns a mint's signatures into proofs, trusting the mint's keys and not its word.
///
/// The checks are the ``VerificationPipeline/mintSignatures(adding:)`` pipeline (plus the wallet's own verifiers):
/// every signature must answer its output (same keyset; same amount unless it is NUT-08 change), name an amount the
/// keyset has a key for, and carry a valid DLEQ proof when it carries one (or always, with `requireDLEQ`). Any
/// failure rejects the whole answer with ``WalletError/Code/invalidMintResponse``.
struct SignatureUnblinder: Sendable {
    /// Keys by keyset id.
    let keys: [KeysetID: KeysetKeys]
    let requireDLEQ: Bool
    /// The checks; per-signature ones run across cores for a large answer.
    var verification = VerificationPipeline<SignedOutput>.mintSignatures()

    private var context: VerificationContext { VerificationContext(keys: keys, requireDLEQ: requireDLEQ) }

    /// Unblinds signatures that answer `outputs` pairwise (swap, mint).
    func proofs(signatures: [BlindSignature], outputs: [PlannedOutput]) async throws(WalletError) -> [Proof] {
        guard signatures.count == outputs.count else {
            throw invalid("\(signatures.count) signatures for \(outputs.count) outputs")
        }
        let items = zip(signatures, outputs).map { SignedOutput(signature: $0, output: $1.blindedMessage) }
        do { try await verification.verify(items, in: context) } catch { throw invalid(error) }
        var proofs: [Proof] = []
        proofs.reserveCapacity(outputs.count)
        for (index, (signature, output)) in zip(signatures, outputs).enumerated() {
            proofs.append(try unblind(signature, output, index: index))
        }
        return proofs
    }

    /// Unblinds signatures that answer `outputs` pairwise, skipping (`nil`) those that fail a check instead of
    /// refusing the whole answer (NUT-09 restore, where one bad signature must not cost the others). They are checked
    /// together, across cores; only when that finds a bad one, one by one to tell which.
    func proofsSkippingBad(signatures: [BlindSignature], outputs: [PlannedOutput]) async -> [Proof?] {
        if let proofs = try? await proofs(signatures: signatures, outputs: outputs) { return proofs }
        return zip(signatures, outputs).enumerated().map { index, pair in
            try? proof(signature: pair.0, output: pair.1, index: index)
        }
    }

    /// Unblinds NUT-08 change: each signature answers the blank output at its index (`change[i]` ↔ `outputs[i]` in a
    /// melt answer), with the amount the mint chose.
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

    /// Checks and unblinds one signature for one output (`index` names it in errors).
    func proof(signature: BlindSignature, output: PlannedOutput, index: Int) throws(WalletError) -> Proof {
        let item = SignedOutput(signature: signature, output: output.blindedMessage)
        do { try verification.verifySequentially([item], in: context) } catch {
            throw invalid(error, offset: index)
        }
        return try unblind(signature, output, index: index)
    }

    /// `C = C_ − r·K` for a checked signature; the proof keeps the DLEQ with the blinding factor for its receiver.
    private func unblind(_ signature: BlindSignature, _ output: PlannedOutput, index: Int) throws(WalletError)
        -> Proof
    {
        guard let mintKey = keys[signature.id]?[signature.amount] else {
            throw invalid("signature \(index) is for amount \(signature.amount), which keyset \(signature.id) lacks")
        }
        let C: Point
        do {
            C = try BDHKE.unblind(C_: signature.C_, r: output.blindingFactor, mintKey: mintKey)
        } catch {
            throw invalid("signature \(index) cannot be unblinded")
        }
        let dleq = signature.dleq.map { ProofDLEQ($0, r: output.blindingFactor) }
        return Proof(
            amount: signature.amount, id: signature.id, secret: output.secret, C: C, dleq: dleq, p2pkE: output.p2pkE)
    }

    private func invalid(_ failure: VerificationFailure, offset: Int = 0) -> WalletError {
        invalid("signature \(offset + (failure.index ?? 0)) \(failure.reason)")
    }

    private func invalid(_ reason: String) -> WalletError {
        WalletError(.invalidMintResponse, reason)
    }
}
