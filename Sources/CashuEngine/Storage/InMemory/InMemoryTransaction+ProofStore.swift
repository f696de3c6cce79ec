// Storage: proofs in an in-memory wallet store.

extension InMemoryTransaction: ProofStore {
    @discardableResult
    func addProofs(_ proofs: [StoredProof]) throws -> Int {
        try requireWritable("addProofs")
        var added = 0
        for proof in proofs where state.proofs[proof.Y] == nil {
            state.proofs[proof.Y] = Sequenced(value: proof, sequence: state.takeSequence())
            added += 1
        }
        return added
    }

    func proofs(mintURL: MintURL?, unit: CurrencyUnit?, statuses: Set<ProofStatus>) throws -> [StoredProof] {
        state.proofs.values.filter { row in
            let proof = row.value
            return statuses.contains(proof.status) && (mintURL.map { $0 == proof.mintURL } ?? true)
                && (unit.map { $0 == proof.unit } ?? true)
        }
        .oldestFirst(by: \.createdAt)
    }

    func proofs(operationID: OperationID) throws -> [StoredProof] {
        state.proofs.values.filter { $0.value.operationID == operationID }.oldestFirst(by: \.createdAt)
    }

    func proofs(Ys: [CompressedPoint]) throws -> [StoredProof] {
        Set(Ys).compactMap { state.proofs[$0] }.oldestFirst(by: \.createdAt)
    }

    func setStatus(_ status: ProofStatus, Ys: [CompressedPoint], operationID: OperationID?) throws {
        try requireWritable("setStatus")
        // Check every Y first so that a caller who catches notFound is left with nothing half-done.
        guard Ys.allSatisfy({ state.proofs[$0] != nil }) else {
            throw StorageError(.notFound, "setStatus: a proof is not stored")
        }
        for y in Ys {
            state.proofs[y]?.value.status = status
            state.proofs[y]?.value.operationID = operationID
        }
    }

    func removeProofs(Ys: [CompressedPoint]) throws {
        try requireWritable("removeProofs")
        for y in Ys { state.proofs[y] = nil }
    }

    func proofBuckets(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus) throws -> [ProofBucket] {
        var counts: [KeysetAmount: Int] = [:]
        for row in state.proofs.values {
            let proof = row.value
            guard proof.mintURL == mintURL, proof.unit == unit, proof.status == status else { continue }
            counts[KeysetAmount(keysetID: proof.proof.id, amount: proof.amount), default: 0] += 1
        }
        return counts.map { ProofBucket(keysetID: $0.key.keysetID, amount: $0.key.amount, count: $0.value) }
    }

    func proofKeysets(
        mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, amount: UInt64, in keysetIDs: Set<KeysetID>
    ) throws -> [KeysetID] {
        try proofs(mintURL: mintURL, unit: unit, statuses: [status])
            .filter { $0.amount == amount && keysetIDs.contains($0.proof.id) }.map(\.proof.id)
    }

    func oldestProofs(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus, buckets: [ProofBucket]) throws
        -> [StoredProof]
    {
        let all = try proofs(mintURL: mintURL, unit: unit, statuses: [status])
        return buckets.flatMap { bucket in
            all.lazy.filter { $0.amount == bucket.amount && $0.proof.id == bucket.keysetID }
                .prefix(max(0, bucket.count))
        }
    }

    func balances(statuses: Set<ProofStatus>) throws -> [ProofBalance] {
        struct Group: Hashable {
            let mintURL: MintURL
            let unit: CurrencyUnit
            let status: ProofStatus
        }
        var sums: [Group: (amount: AmountSum, count: Int)] = [:]
        for row in state.proofs.values where statuses.isEmpty || statuses.contains(row.value.status) {
            let proof = row.value
            let group = Group(mintURL: proof.mintURL, unit: proof.unit, status: proof.status)
            var entry = sums[group] ?? (AmountSum(), 0)
            try entry.amount.add(proof.amount)
            entry.count += 1
            sums[group] = entry
        }
        return sums.map { group, entry in
            ProofBalance(
                mintURL: group.mintURL, unit: group.unit, status: group.status, amount: entry.amount.value,
                count: entry.count)
        }
        .sorted(by: ProofBalance.storeOrder)
    }
}

/// A keyset and an amount, as a key.
private struct KeysetAmount: Hashable {
    let keysetID: KeysetID
    let amount: UInt64
}

extension ProofBalance {
    /// The order stores list balances in: mint URL, unit, then status, each by its UTF-8 bytes.
    package static func storeOrder(_ lhs: ProofBalance, _ rhs: ProofBalance) -> Bool {
        let left = [lhs.mintURL.rawValue, lhs.unit.rawValue, lhs.status.rawValue]
        let right = [rhs.mintURL.rawValue, rhs.unit.rawValue, rhs.status.rawValue]
        return left.lexicographicallyPrecedes(right) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
