// Storage: the operations journal in an in-memory wallet store.

extension InMemoryTransaction: OperationJournal {
    func insertOperation(_ operation: OperationRecord) throws {
        try requireWritable("insertOperation")
        guard state.operations[operation.id] == nil else {
            throw StorageError(.conflict, "insertOperation: the operation id exists")
        }
        state.operations[operation.id] = Sequenced(value: operation, sequence: state.takeSequence())
    }

    func updateOperation(_ operation: OperationRecord) throws {
        try requireWritable("updateOperation")
        guard var row = state.operations[operation.id] else {
            throw StorageError(.notFound, "updateOperation: the operation id does not exist")
        }
        row.value.state = operation.state
        row.value.payload = operation.payload
        row.value.updatedAt = operation.updatedAt
        state.operations[operation.id] = row
    }

    func operation(id: OperationID) throws -> OperationRecord? {
        state.operations[id]?.value
    }

    func unfinishedOperations() throws -> [OperationRecord] {
        state.operations.values.filter { $0.value.state.isUnfinished }.oldestFirst(by: \.createdAt)
    }

    func hasUnfinishedWork() throws -> Bool {
        try !unfinishedOperations().isEmpty || !proofs(mintURL: nil, unit: nil, statuses: [.reserved]).isEmpty
    }

    func operations(kind: OperationKind, limit: Int) throws -> [OperationRecord] {
        guard limit > 0 else { return [] }
        let ofKind = state.operations.values.filter { $0.value.kind == kind }
        return Array(ofKind.newestFirst(by: \.createdAt).prefix(limit))
    }
}
