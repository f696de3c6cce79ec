// Test support: the lease UnguardedLeases grants, which guards nothing.

@testable import CoreCashu

/// A lease that guards nothing.
final class UnguardedLease: OperationLease {
    let operationID: OperationID
    init(operationID: OperationID) { self.operationID = operationID }
    func release() {}
}
