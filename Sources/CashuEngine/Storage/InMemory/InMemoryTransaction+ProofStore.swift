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

    func amountCounts(mintURL: MintURL, unit: CurrencyUnit, status: ProofStatus) throws -> [UInt64: Int] {
        var counts: [UInt64: Int] = [:]
        for row in state.proofs.values {
            let proof = row.value
            guard proof.mintURL == mintURL, proof.unit == unit, proof.status == status else { continue }
            counts[proof.amount, default: 0] += 1
        }
        return counts
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

extension ProofBalance {
    /// The order stores list balances in: mint URL, unit, then status, each by its UTF-8 bytes.
    package static func storeOrder(_ lhs: ProofBalance, _ rhs: ProofBalance) -> Bool {
        let left = [lhs.mintURL.rawValue, lhs.unit.rawValue, lhs.status.rawValue]
        let right = [rhs.mintURL.rawValue, rhs.unit.rawValue, rhs.status.rawValue]
        return left.lexicographicallyPrecedes(right) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
