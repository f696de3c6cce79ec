// NUT-11 — Pay to Public Key: the options of a new lock (extra keys, thresholds, locktime, refund, flag) as tags.

/// What a new P2PK or HTLC lock requires beyond its data (NUT-11 "Tags").
public struct LockOptions: Hashable, Sendable {
    /// More keys for the main pathway (`pubkeys`). For HTLC these are the receiver keys.
    package var additionalKeys: [Point]
    /// `n_sigs`: how many main-pathway keys must sign; `nil` for the default of 1.
    package var requiredSignatures: Int?
    /// `locktime`: the unix time after which the refund pathway opens.
    package var locktime: UInt64?
    /// `refund`: keys that may spend after `locktime`. With a locktime and no refund keys, anyone can spend after it.
    package var refundKeys: [Point]
    /// `n_sigs_refund`: how many refund keys must sign; `nil` for the default of 1.
    package var requiredRefundSignatures: Int?
    /// `sigflag`; written only when it is `SIG_ALL`, the default being `SIG_INPUTS`.
    package var sigFlag: SigFlag

    /// Makes lock options; the defaults give a plain single-key lock with no locktime.
    public init(
        additionalKeys: [Point] = [],
        requiredSignatures: Int? = nil,
        locktime: UInt64? = nil,
        refundKeys: [Point] = [],
        requiredRefundSignatures: Int? = nil,
        sigFlag: SigFlag = .sigInputs
    ) {
        self.additionalKeys = additionalKeys
        self.requiredSignatures = requiredSignatures
        self.locktime = locktime
        self.refundKeys = refundKeys
        self.requiredRefundSignatures = requiredRefundSignatures
        self.sigFlag = sigFlag
    }

    /// The tags, integers written as strings (NUT-11 note on tag types).
    func tags() throws(SpendingConditionError) -> [SecretTag] {
        var tags: [SecretTag] = []
        if !additionalKeys.isEmpty { tags.append(try SecretTag("pubkeys", additionalKeys.map(\.hex))) }
        if let n = requiredSignatures { tags.append(try SecretTag("n_sigs", [String(n)])) }
        if let locktime { tags.append(try SecretTag("locktime", [String(locktime)])) }
        if !refundKeys.isEmpty { tags.append(try SecretTag("refund", refundKeys.map(\.hex))) }
        if let n = requiredRefundSignatures { tags.append(try SecretTag("n_sigs_refund", [String(n)])) }
        if sigFlag == .sigAll { tags.append(try SecretTag("sigflag", [sigFlag.rawValue])) }
        return tags
    }
}
