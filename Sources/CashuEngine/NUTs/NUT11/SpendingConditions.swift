// NUT-11 — Pay to Public Key: the conditions a P2PK or HTLC secret's data and tags express, validated.

/// The spending rules of a P2PK (NUT-11) or HTLC (NUT-14) secret: flag, locktime, pathways and hash lock.
public struct SpendingConditions: Hashable, Sendable {
    /// The secret's kind (`P2PK` or `HTLC`).
    public let kind: WellKnownSecret.Kind
    /// `SIG_INPUTS` (the default) or `SIG_ALL`.
    public let sigFlag: SigFlag
    /// The unix time after which the refund pathway opens; `nil` when absent or not a valid unix time (permanent).
    public let locktime: UInt64?
    /// The locktime pathway: `data` + `pubkeys` for P2PK; `pubkeys` only for HTLC, `nil` when that tag is absent.
    public let main: SignaturePathway?
    /// The refund pathway (`refund` + `n_sigs_refund`), `nil` when there is no `refund` tag.
    public let refund: SignaturePathway?
    /// The HTLC hash lock, 32 bytes; `nil` for P2PK.
    public let hashLock: [UInt8]?

    /// The tag keys NUT-11 defines; each may appear at most once.
    static let knownTagKeys = ["sigflag", "pubkeys", "n_sigs", "locktime", "refund", "n_sigs_refund"]

    /// Reads and validates the conditions of a P2PK or HTLC secret.
    ///
    /// - Parameter secret: a parsed well-known secret.
    /// - Throws: `SpendingConditionError`: `.unsupportedKind` for other kinds; `.duplicateTag`,
    ///   `.invalidSigFlag`, `.invalidPublicKey`, `.duplicateKey`, `.invalidSignatureThreshold`,
    ///   `.invalidHashLock`, `.limitExceeded` for a malformed (unspendable) secret.
    package init(_ secret: WellKnownSecret) throws(SpendingConditionError) {
        guard secret.kind == .p2pk || secret.kind == .htlc else {
            throw SpendingConditionError(.unsupportedKind, "kind \(secret.kind) is not P2PK or HTLC")
        }
        // NUT-11 "Tags": each known tag at most once, else the secret is malformed.
        for key in Self.knownTagKeys { _ = try secret.tag(key) }

        switch try secret.tag("sigflag")?.values {
        case nil: sigFlag = .sigInputs
        case let values?:
            guard values.count == 1, let flag = SigFlag(rawValue: values[0]) else {
                throw SpendingConditionError(.invalidSigFlag, "sigflag must be SIG_INPUTS or SIG_ALL")
            }
            sigFlag = flag
        }

        // NUT-11 "Permanent Lock": a locktime that is not a valid unix time means no locktime.
        if let values = try secret.tag("locktime")?.values, values.count == 1 {
            locktime = SignaturePathway.unsignedInteger(values[0])
        } else {
            locktime = nil
        }

        let pubkeys = try secret.tag("pubkeys")?.values
        let nSigs = try Self.singleValue(secret.tag("n_sigs"))
        let refundKeys = try secret.tag("refund")?.values
        let nSigsRefund = try Self.singleValue(secret.tag("n_sigs_refund"))

        kind = secret.kind
        if secret.kind == .p2pk {
            hashLock = nil
            main = try SignaturePathway(keyHexes: [secret.data] + (pubkeys ?? []), thresholdText: nSigs, name: "main")
        } else {
            // NUT-14 "Hash lock": data is the hex of SHA256 of the 32-byte preimage.
            guard secret.data.utf8.count == 64, let lock = try? Hex.decode(secret.data, count: 32) else {
                throw SpendingConditionError(.invalidHashLock, "HTLC data must be 32 bytes of hex")
            }
            hashLock = lock
            if let pubkeys {
                main = try SignaturePathway(keyHexes: pubkeys, thresholdText: nSigs, name: "main")
            } else if nSigs != nil {
                throw SpendingConditionError(.invalidSignatureThreshold, "n_sigs without pubkeys has no keys")
            } else {
                main = nil
            }
        }
        if let refundKeys {
            refund = try SignaturePathway(keyHexes: refundKeys, thresholdText: nSigsRefund, name: "refund")
        } else if nSigsRefund != nil {
            throw SpendingConditionError(.invalidSignatureThreshold, "n_sigs_refund without refund has no keys")
        } else {
            refund = nil
        }
    }

    /// Parses the conditions of a proof secret string.
    ///
    /// - Returns: `nil` for a plain (not well-known) secret.
    /// - Throws: `SpendingConditionError` for a malformed secret or an unsupported kind.
    public static func parse(secret: String) throws -> SpendingConditions? {
        try conditions(of: secret)
    }

    /// ``parse(secret:)`` with its typed error, for the library's own callers.
    package static func conditions(of secret: String) throws(SpendingConditionError) -> SpendingConditions? {
        guard let parsed = try WellKnownSecret.parse(secret) else { return nil }
        return try SpendingConditions(parsed)
    }

    /// Whether the locktime has passed at `now` (NUT-11 "Expired Lock": the clock is greater than `locktime`).
    ///
    /// - Parameter now: the current unix time in seconds, supplied by the caller.
    public func isExpired(at now: UInt64) -> Bool {
        guard let locktime else { return false }
        return now > locktime
    }

    /// Whether `key` belongs to the main or the refund pathway.
    package func canBeSigned(by key: Point) -> Bool {
        (main?.contains(key) ?? false) || (refund?.contains(key) ?? false)
    }

    private static func singleValue(_ tag: SecretTag?) throws(SpendingConditionError) -> String? {
        guard let tag else { return nil }
        guard tag.values.count == 1 else {
            throw SpendingConditionError(.invalidSignatureThreshold, "\(tag.key) must have exactly one value")
        }
        return tag.values[0]
    }
}
