// Wallet: what input selection chooses among, as counts — per amount, the keysets of its proofs in the order
// ProofSelector takes them (NUT-02: the input fee depends on the keyset), so that selecting loads no proof.

/// The candidates of a selection as counts: for each amount (largest first), runs of proofs of one keyset in
/// ``ProofSelector``'s order — proofs of inactive keysets first, then oldest first.
///
/// Built from a store's counts per keyset and amount (``ProofBucket``): where a single keyset holds an amount among
/// the inactive (or among the active) keysets, its proofs are one run whatever their age, and only where several do
/// is their order asked for. Proofs of amount 0 are left out: the selector never keeps one.
struct ProofHistogram: Sendable, Equatable {
    /// Consecutive proofs of one keyset.
    struct Run: Sendable, Equatable {
        var keysetID: KeysetID
        var count: Int
    }

    /// The proofs of one amount, in the selector's order.
    struct Group: Sendable, Equatable {
        let amount: UInt64
        let runs: [Run]
        let count: Int

        init(amount: UInt64, runs: [Run]) {
            self.amount = amount
            self.runs = runs
            self.count = runs.reduce(0) { $0 + $1.count }
        }
    }

    /// Largest amount first.
    let groups: [Group]

    /// From counts per keyset and amount. `order(amount, keysetIDs)` lists the keyset of each proof of `amount` in
    /// those keysets oldest first; it is called only for an amount that several inactive, or several active,
    /// keysets hold.
    init<E: Error>(
        buckets: [ProofBucket], inactive: Set<KeysetID>,
        order: (_ amount: UInt64, _ keysetIDs: Set<KeysetID>) throws(E) -> [KeysetID]
    ) throws(E) {
        var byAmount: [UInt64: [ProofBucket]] = [:]
        for bucket in buckets where bucket.amount > 0 && bucket.count > 0 {
            byAmount[bucket.amount, default: []].append(bucket)
        }
        var groups: [Group] = []
        for (amount, members) in byAmount.sorted(by: { $0.key > $1.key }) {
            var runs: [Run] = []
            for inactiveFirst in [true, false] {
                let same = members.filter { inactive.contains($0.keysetID) == inactiveFirst }
                if same.count == 1 {
                    runs.append(Run(keysetID: same[0].keysetID, count: same[0].count))
                } else if same.count > 1 {
                    runs += Self.runs(try order(amount, Set(same.map(\.keysetID))))
                }
            }
            groups.append(Group(amount: amount, runs: runs))
        }
        self.groups = groups
    }

    /// From the proofs themselves, ordered as ``ProofSelector`` orders them (by time, then as listed).
    init(_ candidates: [StoredProof], inactive: Set<KeysetID>) {
        let ordered = candidates.enumerated().sorted { lhs, rhs in
            (lhs.element.createdAt, lhs.offset) < (rhs.element.createdAt, rhs.offset)
        }
        var keysets: [UInt64: (inactive: [KeysetID], active: [KeysetID])] = [:]
        for (_, proof) in ordered where proof.amount > 0 {
            if inactive.contains(proof.proof.id) {
                keysets[proof.amount, default: ([], [])].inactive.append(proof.proof.id)
            } else {
                keysets[proof.amount, default: ([], [])].active.append(proof.proof.id)
            }
        }
        groups = keysets.sorted { $0.key > $1.key }.map { amount, ids in
            Group(amount: amount, runs: Self.runs(ids.inactive) + Self.runs(ids.active))
        }
    }

    /// Consecutive equal keysets as runs.
    static func runs(_ keysetIDs: [KeysetID]) -> [Run] {
        var runs: [Run] = []
        for id in keysetIDs {
            if runs.last?.keysetID == id {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(Run(keysetID: id, count: 1))
            }
        }
        return runs
    }
}
