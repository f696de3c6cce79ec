// NUT-11 — Pay to Public Key: checking P2PK and HTLC inputs as a mint would (signatures, locktime, hash lock).

/// Checks that the locked inputs of a transaction are unlocked, with the rules of NUT-11 and NUT-14.
///
/// A wallet uses it to see whether proofs it receives or builds will be accepted. Time is an argument: no rule reads
/// a clock. Plain (not well-known) secrets carry no conditions and pass.
package enum SpendingConditionVerifier {
    /// Checks the inputs of a swap.
    ///
    /// - Parameters:
    ///   - inputs: the proofs in request order, with their witnesses.
    ///   - outputs: the outputs in request order.
    ///   - now: the current unix time in seconds.
    /// - Throws: ``SpendingConditionError`` naming the first rule an input breaks.
    package static func verifySwap(inputs: [Proof], outputs: [BlindedMessage], now: UInt64)
        throws(SpendingConditionError)
    {
        try verify(inputs: inputs, transaction: .swap(outputs: outputs), now: now)
    }

    /// Checks the inputs of a melt.
    ///
    /// - Parameters:
    ///   - inputs: the proofs in request order, with their witnesses.
    ///   - outputs: the NUT-08 blank outputs in request order.
    ///   - quoteID: the melt quote id.
    ///   - now: the current unix time in seconds.
    /// - Throws: ``SpendingConditionError`` naming the first rule an input breaks.
    package static func verifyMelt(inputs: [Proof], outputs: [BlindedMessage], quoteID: String, now: UInt64)
        throws(SpendingConditionError)
    {
        try verify(inputs: inputs, transaction: .melt(outputs: outputs, quoteID: quoteID), now: now)
    }

    /// Checks one input on its own (SIG_INPUTS).
    ///
    /// - Throws: ``SpendingConditionError``; `.sigAllNeedsTransaction` for a SIG_ALL input, whose signature covers
    ///   a whole transaction.
    package static func verify(_ proof: Proof, now: UInt64) throws(SpendingConditionError) {
        guard let conditions = try SpendingConditions.conditions(of: proof.secret) else { return }
        guard conditions.sigFlag == .sigInputs else {
            throw SpendingConditionError(.sigAllNeedsTransaction, "a SIG_ALL input is checked with its transaction")
        }
        try check(conditions, witness: proof.witness, message: proof.secret, now: now)
    }

    /// Checks all inputs of a transaction.
    ///
    /// - Throws: ``SpendingConditionError`` naming the first rule an input breaks.
    package static func verify(inputs: [Proof], transaction: SigAllMessage.Transaction, now: UInt64)
        throws(SpendingConditionError)
    {
        guard !inputs.isEmpty else { throw SpendingConditionError(.emptyTransaction, "no inputs") }
        var parsed: [(secret: WellKnownSecret, conditions: SpendingConditions)?] = []
        parsed.reserveCapacity(inputs.count)
        for proof in inputs {
            guard let secret = try WellKnownSecret.parse(proof.secret) else {
                parsed.append(nil)
                continue
            }
            parsed.append((secret, try SpendingConditions(secret)))
        }
        if parsed.contains(where: { $0?.conditions.sigFlag == .sigAll }) {
            let first = try sigAllReference(parsed)
            let message = transaction.message(inputs: inputs)
            try check(first.conditions, witness: inputs[0].witness, message: message, now: now)
            return
        }
        for (proof, entry) in zip(inputs, parsed) {
            guard let entry else { continue }
            try check(entry.conditions, witness: proof.witness, message: proof.secret, now: now)
        }
    }

    /// NUT-11 "Signature flag SIG_ALL": every input shares the first one's kind, data and tags.
    static func sigAllReference(_ parsed: [(secret: WellKnownSecret, conditions: SpendingConditions)?])
        throws(SpendingConditionError) -> (secret: WellKnownSecret, conditions: SpendingConditions)
    {
        guard let first = parsed.first ?? nil else {
            throw SpendingConditionError(.sigAllMismatch, "SIG_ALL inputs must all carry the same condition")
        }
        for entry in parsed {
            guard let entry, entry.secret.hasSameCondition(as: first.secret) else {
                throw SpendingConditionError(.sigAllMismatch, "SIG_ALL inputs must share kind, data and tags")
            }
        }
        return first
    }

    /// Checks one set of conditions against a witness over `message`.
    static func check(_ conditions: SpendingConditions, witness: String?, message: String, now: UInt64)
        throws(SpendingConditionError)
    {
        let expired = conditions.isExpired(at: now)
        // NUT-11 "Expired Lock": without a refund tag an expired lock is spendable by anyone.
        if expired && conditions.refund == nil { return }
        if conditions.kind == .htlc {
            try checkHTLC(conditions, witness: witness, message: message, expired: expired)
        } else {
            try checkP2PK(conditions, witness: witness, message: message, expired: expired)
        }
    }

    private static func checkP2PK(_ conditions: SpendingConditions, witness: String?, message: String, expired: Bool)
        throws(SpendingConditionError)
    {
        guard let witness else { throw SpendingConditionError(.missingWitness, "a P2PK input needs signatures") }
        let signatures = try P2PKWitness(parsing: witness).signatureBytes()
        let digest = SigAllMessage.digest(message)
        if let main = conditions.main, main.isSatisfied(signatures: signatures, digest: digest) { return }
        // NUT-11 "Multisig": pathways are not mixed; refund signers count only towards the refund threshold.
        if expired, let refund = conditions.refund, refund.isSatisfied(signatures: signatures, digest: digest) {
            return
        }
        throw SpendingConditionError(.insufficientSignatures, "not enough distinct keys signed")
    }

    private static func checkHTLC(_ conditions: SpendingConditions, witness: String?, message: String, expired: Bool)
        throws(SpendingConditionError)
    {
        guard let witness else { throw SpendingConditionError(.missingWitness, "an HTLC input needs a witness") }
        let parsed = try HTLCWitness(parsing: witness)
        let signatures = try P2PKWitness.decode(parsed.signatures)
        let digest = SigAllMessage.digest(message)
        // NUT-14 "Receiver Pathway": the preimage, plus the pubkeys multisig when that tag is present.
        var receiverFailure: SpendingConditionError
        if let preimage = parsed.preimage, let lock = conditions.hashLock, preimage.opens(lock) {
            if conditions.main?.isSatisfied(signatures: signatures, digest: digest) ?? true { return }
            receiverFailure = SpendingConditionError(.insufficientSignatures, "not enough receiver keys signed")
        } else {
            receiverFailure = SpendingConditionError(.preimageMismatch, "no preimage of the hash lock")
        }
        // NUT-14 "Sender Pathway": after locktime, the refund multisig alone.
        if expired, let refund = conditions.refund {
            if refund.isSatisfied(signatures: signatures, digest: digest) { return }
            if parsed.preimage == nil {
                receiverFailure = SpendingConditionError(.insufficientSignatures, "not enough refund keys signed")
            }
        }
        throw receiverFailure
    }
}
