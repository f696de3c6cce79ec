// NUT-11/14 — who can spend a locked proof, and when: the pathways open at a time, and whether given keys (and a
// preimage) satisfy one of them.

extension SpendingConditions {
    /// Whether holders of `keys` (and of the HTLC preimage, when `hasPreimage`) can spend at `now` (NUT-11 "Locktime"
    /// and "Multisig", NUT-14): the main pathway always (P2PK: `n_sigs` of its keys; HTLC: the preimage and, with
    /// `pubkeys`, `n_sigs` of them); once the locktime passed, the refund pathway (`n_sigs_refund` of its keys), or
    /// anyone when there are no refund keys.
    /// - Parameters:
    ///   - keys: public keys whose private halves are held.
    ///   - hasPreimage: whether the HTLC preimage is held.
    ///   - now: the current unix time, supplied by the caller.
    package func isSpendable(withKeys keys: Set<Point>, hasPreimage: Bool = false, at now: UInt64) -> Bool {
        if mainPathwayOpens(withKeys: keys, hasPreimage: hasPreimage) { return true }
        guard isExpired(at: now) else { return false }
        guard let refund else { return true }
        return Self.held(refund, keys) >= refund.threshold
    }

    /// Whether holders of `keys` (and the preimage) satisfy the main pathway, whatever the time.
    package func mainPathwayOpens(withKeys keys: Set<Point>, hasPreimage: Bool = false) -> Bool {
        switch kind {
        case .htlc:
            guard hasPreimage else { return false }
            guard let main else { return true }
            return Self.held(main, keys) >= main.threshold
        default:
            guard let main else { return false }
            return Self.held(main, keys) >= main.threshold
        }
    }

    /// How many of a pathway's keys are among `keys` (compared by x-coordinate, as signatures are).
    private static func held(_ pathway: SignaturePathway, _ keys: Set<Point>) -> Int {
        keys.filter { pathway.contains($0) }.count
    }
}
