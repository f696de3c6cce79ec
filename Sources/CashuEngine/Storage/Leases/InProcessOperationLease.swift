// Storage: one lease of an InProcessOperationLeases table.


/// A lease in an ``InProcessOperationLeases`` table, given back on release or deinit.
final class InProcessOperationLease: OperationLease {
    let operationID: OperationID
    private let giveBack: Locked<(@Sendable () -> Void)?>

    init(operationID: OperationID, giveBack: @escaping @Sendable () -> Void) {
        self.operationID = operationID
        self.giveBack = Locked(giveBack)
    }

    deinit { release() }

    func release() {
        let action = giveBack.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
