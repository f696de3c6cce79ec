// NUT-11 — Pay to Public Key: adding the wallet's signatures (and HTLC preimage) to locked inputs.

/// Produces witnesses for the locked inputs of a transaction with the wallet's keys (NUT-11, NUT-14).
///
/// Each key signs an input only if it is one of that input's main or refund keys (by x-coordinate). Signatures
/// already in a witness are kept, so co-signers of a multisig can add theirs in turn. Plain inputs are left alone.
/// Outputs must be final before signing SIG_ALL: the signature covers their order and amounts.
package enum SpendingConditionSigner {
    /// Signs the locked inputs of a swap: per input for SIG_INPUTS, once on the first input for SIG_ALL.
    ///
    /// - Parameters:
    ///   - inputs: the proofs in request order.
    ///   - outputs: the final outputs in request order.
    ///   - keys: the private keys the wallet may sign with.
    ///   - preimage: the preimage for HTLC inputs spent by the receiver pathway.
    /// - Returns: the inputs with witnesses set.
    /// - Throws: ``SpendingConditionError`` for malformed secrets, SIG_ALL inputs that differ, a wrong preimage, or
    ///   `.noSigningKey` when a locked input gets neither a signature nor a preimage.
    package static func signSwap(
        inputs: [Proof], outputs: [BlindedMessage], keys: [Scalar], preimage: HTLCPreimage? = nil
    ) throws(SpendingConditionError) -> [Proof] {
        try sign(inputs: inputs, transaction: .swap(outputs: outputs), keys: keys, preimage: preimage)
    }

    /// Signs the locked inputs of a melt; SIG_ALL covers the blank outputs and the quote id.
    ///
    /// - Parameters:
    ///   - inputs: the proofs in request order.
    ///   - outputs: the NUT-08 blank outputs in request order.
    ///   - quoteID: the melt quote id.
    ///   - keys: the private keys the wallet may sign with.
    ///   - preimage: the preimage for HTLC inputs spent by the receiver pathway.
    /// - Returns: the inputs with witnesses set.
    /// - Throws: ``SpendingConditionError`` as ``signSwap(inputs:outputs:keys:preimage:)``.
    package static func signMelt(
        inputs: [Proof], outputs: [BlindedMessage], quoteID: String, keys: [Scalar], preimage: HTLCPreimage? = nil
    ) throws(SpendingConditionError) -> [Proof] {
        try sign(
            inputs: inputs, transaction: .melt(outputs: outputs, quoteID: quoteID), keys: keys, preimage: preimage)
    }

    /// Signs the locked inputs of a transaction.
    ///
    /// - Throws: ``SpendingConditionError`` as ``signSwap(inputs:outputs:keys:preimage:)``.
    package static func sign(
        inputs: [Proof], transaction: SigAllMessage.Transaction, keys: [Scalar], preimage: HTLCPreimage?
    ) throws(SpendingConditionError) -> [Proof] {
        guard !inputs.isEmpty else { throw SpendingConditionError(.emptyTransaction, "no inputs") }
        var parsed: [(secret: WellKnownSecret, conditions: SpendingConditions)?] = []
        for proof in inputs {
            if let secret = try WellKnownSecret.parse(proof.secret) {
                parsed.append((secret, try SpendingConditions(secret)))
            } else {
                parsed.append(nil)
            }
        }
        var signed = inputs
        if parsed.contains(where: { $0?.conditions.sigFlag == .sigAll }) {
            let first = try SpendingConditionVerifier.sigAllReference(parsed)
            let message = transaction.message(inputs: inputs)
            signed[0].witness = try witness(
                for: first.conditions, existing: inputs[0].witness, message: message, keys: keys, preimage: preimage)
            return signed
        }
        for index in signed.indices {
            guard let entry = parsed[index] else { continue }
            signed[index].witness = try witness(
                for: entry.conditions, existing: inputs[index].witness, message: inputs[index].secret, keys: keys,
                preimage: preimage)
        }
        return signed
    }

    /// The witness string for one locked input: existing signatures plus ours over `message`.
    static func witness(
        for conditions: SpendingConditions, existing: String?, message: String, keys: [Scalar],
        preimage: HTLCPreimage?
    ) throws(SpendingConditionError) -> String {
        var signatures: [String] = []
        var previousPreimage: HTLCPreimage?
        if let existing, let previous = try? P2PKWitness(parsing: existing) {
            signatures = previous.signatures
            if conditions.kind == .htlc { previousPreimage = (try? HTLCWitness(parsing: existing))?.preimage }
        }
        let digest = SigAllMessage.digest(message)
        var added = 0
        for key in keys where conditions.canBeSigned(by: key.publicKey) {
            let signature: [UInt8]
            do { signature = try Schnorr.sign(message: digest, key: key) } catch {
                throw SpendingConditionError(.noSigningKey, "a key could not sign")
            }
            signatures.append(Hex.encode(signature))
            added += 1
        }
        guard conditions.kind == .htlc else {
            // A locktime without refund keys: once it passed, anyone spends without a signature (NUT-11); the mint
            // judges the time.
            if added == 0 && signatures.isEmpty && conditions.locktime != nil && conditions.refund == nil {
                return P2PKWitness(signatures: []).serialized
            }
            guard added > 0 else { throw SpendingConditionError(.noSigningKey, "no key of ours can sign this input") }
            return P2PKWitness(signatures: signatures).serialized
        }
        var usable = preimage ?? previousPreimage
        if let preimage = usable, let lock = conditions.hashLock, !preimage.opens(lock) {
            // A preimage for another lock is useless here; the refund pathway may still apply.
            guard added > 0 else { throw SpendingConditionError(.preimageMismatch, "preimage does not open the lock") }
            usable = nil
        }
        guard usable != nil || added > 0 else {
            throw SpendingConditionError(.noSigningKey, "no preimage and no key of ours for this HTLC input")
        }
        return HTLCWitness(preimage: usable, signatures: signatures).serialized
    }
}
