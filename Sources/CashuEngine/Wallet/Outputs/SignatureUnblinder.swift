// Wallet: checks a mint's blind signatures against the outputs they answer, then unblinds them (NUT-00, NUT-12).

/// Turns a mint's signatures into proofs, trusting the mint's keys and not its word.
///
/// The checks are the ``VerificationPipeline/mintSignatures(adding:)`` pipeline plus the wallet's own verifiers:
/// every signature must answer its output (same keyset; same amount unless it is NUT-08 change), name an amount the
/// keyset has a key for, and carry a valid DLEQ proof when it carries one (or always, with `requireDLEQ`). Any
/// failure rejects the whole answer with ``WalletError/Code/invalidMintResponse`` (``WalletError/Code/cancelled``
/// when the caller was cancelled before the checks were done).
struct SignatureUnblinder: Sendable {
    /// Keys by keyset id.
    let keys: [KeysetID: KeysetKeys]
    let requireDLEQ: Bool
    /// The mint that signed, for the context verifiers see.
    var mint: MintURL? = nil
    /// The wallet's own verifiers, run after the standard ones (which this type always runs).
    var extraVerifiers: [any Verifier<SignedOutput>] = []

    private var verification: VerificationPipeline<SignedOutput> { .mintSignatures(adding: extraVerifiers) }

    private var context: VerificationContext { VerificationContext(mint: mint, keys: keys, requireDLEQ: requireDLEQ) }

    /// Unblinds signatures that answer `outputs` pairwise (swap, mint); the per-signature checks run across cores.
    func proofs(signatures: [BlindSignature], outputs: [PlannedOutput]) async throws(WalletError) -> [Proof] {
        guard signatures.count == outputs.count else {
            throw invalid("\(signatures.count) signatures for \(outputs.count) outputs")
        }
        let items = zip(signatures, outputs).map { SignedOutput(signature: $0, output: $1.blindedMessage) }
        do { try await verification.verify(items, in: context) } catch { throw refused(error) }
        var proofs: [Proof] = []
        proofs.reserveCapacity(outputs.count)
        for (index, (signature, output)) in zip(signatures, outputs).enumerated() {
            proofs.append(try unblind(signature, output, index: index))
        }
        return proofs
    }

    /// Unblinds signatures that answer `outputs` pairwise, skipping (`nil`) those that fail a check instead of
    /// refusing the whole answer (NUT-09 restore, where one bad signature must not cost the others). They are checked
    /// together, across cores; only when that finds a bad one, one by one to tell which. A whole-list verifier that
    /// refuses without naming a signature refuses them all.
    /// - Throws: ``WalletError`` `cancelled` only.
    func proofsSkippingBad(signatures: [BlindSignature], outputs: [PlannedOutput]) async throws(WalletError)
        -> [Proof?]
    {
        guard signatures.count == outputs.count else { return Array(repeating: nil, count: signatures.count) }
        do {
            return try await proofs(signatures: signatures, outputs: outputs)
        } catch where error.code == .cancelled {
            throw error
        } catch {}
        let items = zip(signatures, outputs).map { SignedOutput(signature: $0, output: $1.blindedMessage) }
        let pipeline = verification
        var refused = Set<Int>()
        for verifier in pipeline.split.wholeList {
            do { try verifier.verify(items[...], in: context) } catch {
                guard let index = error.index else { return Array(repeating: nil, count: items.count) }
                refused.insert(index)
            }
        }
        return zip(signatures, outputs).enumerated().map { index, pair -> Proof? in
            guard !refused.contains(index) else { return nil }
            // Every verifier again, the whole-list ones too: over the batch they named only the first bad signature
            // each, and a second one they would refuse must not pass here.
            guard (try? pipeline.verifySequentially([items[index]], in: context)) != nil else { return nil }
            return try? unblind(pair.0, pair.1, index: index)
        }
    }

    /// Unblinds NUT-08 change: each signature answers the blank output at its index (`change[i]` ↔ `outputs[i]` in a
    /// melt answer), with the amount the mint chose. All are checked in one call.
    func change(signatures: [Int: BlindSignature], blankOutputs: [PlannedOutput]) throws(WalletError) -> [Proof] {
        var answered: [(index: Int, signature: BlindSignature, output: PlannedOutput)] = []
        for (index, signature) in signatures.sorted(by: { $0.key < $1.key }) {
            guard blankOutputs.indices.contains(index) else {
                throw invalid("change signature \(index) answers no blank output (\(blankOutputs.count) sent)")
            }
            guard signature.amount > 0 else { throw invalid("change signature \(index) has amount 0") }
            var output = blankOutputs[index]
            output.amount = signature.amount
            answered.append((index, signature, output))
        }
        let items = answered.map { SignedOutput(signature: $0.signature, output: $0.output.blindedMessage) }
        do { try verification.verifySequentially(items, in: context) } catch {
            throw refused(error, name: { "change signature \(answered[$0].index)" })
        }
        var proofs: [Proof] = []
        for entry in answered { proofs.append(try unblind(entry.signature, entry.output, index: entry.index)) }
        return proofs
    }

    /// `C = C_ − r·K` for a checked signature; the proof keeps the DLEQ with the blinding factor for its receiver.
    /// Keyset and amount are matched again here, so no pipeline can make the wallet keep a mismatched proof.
    private func unblind(_ signature: BlindSignature, _ output: PlannedOutput, index: Int) throws(WalletError)
        -> Proof
    {
        guard signature.id == output.keysetID, signature.amount == output.amount,
            let mintKey = keys[signature.id]?[signature.amount]
        else {
            throw invalid("signature \(index) does not answer its output with a key the wallet has")
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

    /// The wallet error for a refusal: `cancelled` when the checks did not finish, else `invalidMintResponse` naming
    /// the signature (or the whole answer, for a whole-list verifier that names none).
    private func refused(_ failure: VerificationFailure, name: (Int) -> String = { "signature \($0)" })
        -> WalletError
    {
        if failure.isCancellation {
            return WalletError(.cancelled, "cancelled while checking the mint's signatures", underlying: failure)
        }
        let which = failure.index.map(name) ?? "the mint's answer"
        return WalletError(.invalidMintResponse, "\(which) \(failure.reason)", underlying: failure)
    }

    private func invalid(_ reason: String) -> WalletError {
        WalletError(.invalidMintResponse, reason)
    }
}
