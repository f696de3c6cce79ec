// Test support: the lease UnguardedLeases grants, which guards nothing.

import CoreCashu

/// A lease that guards nothing.
package final class UnguardedLease: OperationLease {
    package let operationID: OperationID
    package init(operationID: OperationID) { self.operationID = operationID }
    package func release() {}
}
