// Storage: one held operation lease (see OperationLeases).

/// An operation lease this process holds; it ends when released, when it is deinitialised, or with the process.
package protocol OperationLease: AnyObject, Sendable {
    /// The operation it is a lease on.
    var operationID: OperationID { get }

    /// Gives the lease back (and removes what it left on disk). Calling it again does nothing.
    func release()
}
