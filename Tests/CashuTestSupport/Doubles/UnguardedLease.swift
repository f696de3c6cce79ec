// Test support: the lease UnguardedLeases grants, which guards nothing.

import CoreCashu

/// A lease that guards nothing.
public final class UnguardedLease: OperationLease {
    public let operationID: OperationID
    public init(operationID: OperationID) { self.operationID = operationID }
    public func release() {}
}
