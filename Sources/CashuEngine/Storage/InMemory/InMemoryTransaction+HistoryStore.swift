// Storage: the history in an in-memory wallet store.

extension InMemoryTransaction: HistoryStore {
    func saveHistoryEntry(_ entry: HistoryEntry) throws {
        try requireWritable("saveHistoryEntry")
        let sequence = state.history[entry.id]?.sequence ?? state.takeSequence()
        state.history[entry.id] = Sequenced(value: entry, sequence: sequence)
    }

    func historyEntry(id: OperationID) throws -> HistoryEntry? {
        state.history[id]?.value
    }

    func history(limit: Int) throws -> [HistoryEntry] {
        guard limit > 0 else { return [] }
        return Array(state.history.values.newestFirst(by: \.createdAt).prefix(limit))
    }
}
