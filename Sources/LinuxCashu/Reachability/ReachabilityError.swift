// Reachability: the error type of the reachability monitor (the netlink socket could not be opened or read).

import CoreCashu

/// Why the reachability monitor could not do something.
package struct ReachabilityError: CashuError {
    /// What went wrong, as a value callers can compare (the codes are below, in `ErrorCode`'s extension).
    package typealias Code = ErrorCode<ReachabilityError>

    /// The kind of failure.
    package let code: Code
    /// A human explanation.
    package let reason: String
    /// The system error number, when one caused it.
    package let errno: Int32?

    /// Creates an error.
    package init(_ code: Code, _ reason: String, errno: Int32? = nil) {
        self.code = code
        self.reason = reason
        self.errno = errno
    }

    package var description: String {
        "ReachabilityError.\(code): \(reason)" + (errno.map { " (errno \($0))" } ?? "")
    }
}

extension ErrorCode where Domain == ReachabilityError {
    /// The rtnetlink socket could not be opened or bound (no AF_NETLINK in this sandbox, out of descriptors).
    package static let netlinkUnavailable = Self(rawValue: "netlinkUnavailable")
    /// The monitor was shut down.
    package static let shutDown = Self(rawValue: "shutDown")
}
