// Test support: operation leases that are always granted — a wallet without cross-process guarding.

import CoreCashu

/// Grants every lease, so a wallet using it takes over operations others are executing (the safety net beneath the
/// leases: a send settled by someone else fails with `cancelled`, without a token).
package struct UnguardedLeases: OperationLeases {
    package init() {}

    package func acquire(_ id: OperationID) throws(StorageError) -> (any OperationLease)? {
        UnguardedLease(operationID: id)
    }

    package func removeAbandoned(except open: Set<OperationID>) throws(StorageError) -> Int { 0 }
}
