// Storage: keysets and NUT-13 counters in an in-memory wallet store.

extension InMemoryTransaction: KeysetStore {
    func saveKeyset(_ keyset: StoredKeyset) throws {
        try requireWritable("saveKeyset")
        state.keysets[keyset.id] = keyset
    }

    func keyset(id: KeysetID) throws -> StoredKeyset? {
        state.keysets[id]
    }

    func keysets(mintURL: MintURL?) throws -> [StoredKeyset] {
        state.keysets.values.filter { keyset in mintURL.map { $0 == keyset.mintURL } ?? true }
            .sorted { lhs, rhs in
                lhs.mintURL == rhs.mintURL ? lhs.id < rhs.id : MintURL.storeOrder(lhs.mintURL, rhs.mintURL)
            }
    }

    func removeKeysets(mintURL: MintURL) throws {
        try requireWritable("removeKeysets")
        state.keysets = state.keysets.filter { $0.value.mintURL != mintURL }
    }
}

extension InMemoryTransaction: CounterStore {
    func counter(keysetID: KeysetID) throws -> UInt64 {
        state.counters[keysetID] ?? 0
    }

    func reserveCounters(keysetID: KeysetID, count: UInt64) throws -> Range<UInt64> {
        try requireWritable("reserveCounters")
        let first = state.counters[keysetID] ?? 0
        let (end, overflow) = first.addingReportingOverflow(count)
        guard !overflow else { throw StorageError(.overflow, "reserveCounters: the counter would pass UInt64.max") }
        state.counters[keysetID] = end
        return first..<end
    }

    func raiseCounter(keysetID: KeysetID, to value: UInt64) throws {
        try requireWritable("raiseCounter")
        if value > state.counters[keysetID] ?? 0 { state.counters[keysetID] = value }
    }
}
