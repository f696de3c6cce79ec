// NUT-11 — Pay to Public Key: creating a new P2PK secret.

extension WellKnownSecret {
    /// A new P2PK secret locking to `key`, with a fresh nonce.
    ///
    /// The result is checked with the same rules a mint applies, so a lock that could never be spent is refused.
    /// - Parameters:
    ///   - key: the receiver's public key (`data`).
    ///   - options: extra keys, thresholds, locktime, refund keys and flag.
    /// - Returns: the secret; blind its `rawValue`.
    /// - Throws: ``SpendingConditionError`` `.invalidSignatureThreshold` or `.duplicateKey` for impossible options.
    package static func p2pk(lockedTo key: Point, options: LockOptions = LockOptions())
        throws(SpendingConditionError) -> WellKnownSecret
    {
        let secret = make(kind: .p2pk, data: key.hex, tags: try options.tags())
        _ = try SpendingConditions(secret)
        return secret
    }
}
