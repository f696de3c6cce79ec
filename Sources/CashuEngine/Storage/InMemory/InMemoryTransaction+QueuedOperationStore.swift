// Storage: the offline queue in an in-memory wallet store.

extension InMemoryTransaction: QueuedOperationStore {
    func insertQueuedOperation(_ entry: QueuedOperation) throws {
        try requireWritable("insertQueuedOperation")
        guard state.queuedOperations[entry.id] == nil else {
            throw StorageError(.conflict, "insertQueuedOperation: the entry id exists")
        }
        state.queuedOperations[entry.id] = Sequenced(value: entry, sequence: state.takeSequence())
    }

    func updateQueuedOperation(_ entry: QueuedOperation) throws {
        try requireWritable("updateQueuedOperation")
        guard var row = state.queuedOperations[entry.id] else {
            throw StorageError(.notFound, "updateQueuedOperation: the entry id does not exist")
        }
        row.value.payload = entry.payload
        row.value.state = entry.state
        row.value.attempts = entry.attempts
        row.value.lastErrorCode = entry.lastErrorCode
        row.value.lastError = entry.lastError
        row.value.operationID = entry.operationID
        row.value.result = entry.result
        row.value.updatedAt = entry.updatedAt
        state.queuedOperations[entry.id] = row
    }

    func queuedOperation(id: OperationID) throws -> QueuedOperation? {
        state.queuedOperations[id]?.value
    }

    func queuedOperations(states: Set<QueuedOperation.State>, mintURL: MintURL?) throws -> [QueuedOperation] {
        state.queuedOperations.values
            .filter { row in states.contains(row.value.state) && (mintURL == nil || row.value.mintURL == mintURL) }
            .oldestFirst(by: \.createdAt)
    }

    func removeQueuedOperation(id: OperationID) throws -> Bool {
        try requireWritable("removeQueuedOperation")
        return state.queuedOperations.removeValue(forKey: id) != nil
    }
}
