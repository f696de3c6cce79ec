// Wallet: builds blinded outputs — deterministic (NUT-13) for the wallet's own proofs, random-nonce for locked ones.

/// Derives outputs. Deterministic outputs use counters the caller reserved in the same transaction that journals
/// them, so a counter is never used twice.
struct OutputFactory: Sendable {
    let secrets: DeterministicSecrets

    /// Outputs for `amounts` from counters `counters.lowerBound...` of `keysetID`, sorted by amount (NUT-03 privacy).
    func deterministic(amounts: [UInt64], keysetID: KeysetID, counters: Range<UInt64>) throws(CryptoError)
        -> [PlannedOutput]
    {
        let derived = try secrets.derive(keysetID: keysetID, counters: counters)
        var outputs: [PlannedOutput] = []
        outputs.reserveCapacity(amounts.count)
        for (amount, secret) in zip(amounts.sorted(), derived) {
            let B_ = try BDHKE.blind(secret: secret.secret, r: secret.blindingFactor)
            outputs.append(
                PlannedOutput(
                    amount: amount, keysetID: keysetID, secret: secret.secret, blindingFactor: secret.blindingFactor,
                    counter: secret.counter, B_: B_))
        }
        return outputs
    }

    /// Outputs whose secrets are given (NUT-10 spending conditions), with random blinding factors.
    static func withSecrets(_ secrets: [String], amounts: [UInt64], keysetID: KeysetID) throws(CryptoError)
        -> [PlannedOutput]
    {
        var outputs: [PlannedOutput] = []
        for (amount, secret) in zip(amounts, secrets) {
            let (B_, r) = try BDHKE.blind(secret: secret)
            outputs.append(
                PlannedOutput(
                    amount: amount, keysetID: keysetID, secret: secret, blindingFactor: r, counter: nil, B_: B_))
        }
        return outputs
    }
}
