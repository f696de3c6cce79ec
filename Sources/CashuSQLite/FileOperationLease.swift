// Storage: one held FileOperationLeases lease — an open, flock'ed lock file.

import CashuEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `flock` on an operation's lock file, held as long as its descriptor is open.
final class FileOperationLease: OperationLease {
    let operationID: OperationID
    private let path: String
    private let descriptor: Locked<Int32?>

    init(operationID: OperationID, path: String, descriptor: Int32) {
        self.operationID = operationID
        self.path = path
        self.descriptor = Locked(descriptor)
    }

    deinit { release() }

    /// Removes the lock file while still holding it (so no one else is holding it), then closes it, which unlocks.
    func release() {
        let open = descriptor.withLock { descriptor in
            defer { descriptor = nil }
            return descriptor
        }
        guard let open else { return }
        unlink(path)
        close(open)
    }
}
