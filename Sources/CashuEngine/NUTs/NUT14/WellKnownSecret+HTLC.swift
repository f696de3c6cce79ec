// NUT-14 — Hashed Timelock Contracts: creating a new HTLC secret from a preimage.

extension WellKnownSecret {
    /// A new HTLC secret whose hash lock is `SHA256(preimage)`, with a fresh nonce.
    ///
    /// Receivers are `options.additionalKeys` (`pubkeys`); without them the preimage alone spends the proof.
    /// - Parameters:
    ///   - preimage: the 32-byte preimage (``HTLCPreimage/random()`` for a fresh one); keep it to claim or share.
    ///   - options: receiver keys, thresholds, locktime, refund keys and flag.
    /// - Returns: the secret; blind its `rawValue`.
    /// - Throws: ``SpendingConditionError`` `.invalidSignatureThreshold` or `.duplicateKey` for impossible options.
    package static func htlc(preimage: HTLCPreimage, options: LockOptions = LockOptions())
        throws(SpendingConditionError) -> WellKnownSecret
    {
        try htlc(hashLock: preimage.hashLock, options: options)
    }

    /// A new HTLC secret for a hash lock whose preimage someone else holds (e.g. a Lightning payment hash).
    ///
    /// - Parameters:
    ///   - hashLock: the 32-byte SHA-256 hash.
    ///   - options: receiver keys, thresholds, locktime, refund keys and flag.
    /// - Throws: ``SpendingConditionError`` `.invalidHashLock` unless the lock is 32 bytes; as
    ///   ``htlc(preimage:options:)`` otherwise.
    package static func htlc(hashLock: [UInt8], options: LockOptions = LockOptions())
        throws(SpendingConditionError) -> WellKnownSecret
    {
        guard hashLock.count == 32 else {
            throw SpendingConditionError(.invalidHashLock, "a hash lock is 32 bytes, got \(hashLock.count)")
        }
        let secret = make(kind: .htlc, data: Hex.encode(hashLock), tags: try options.tags())
        _ = try SpendingConditions(secret)
        return secret
    }
}
