// Reachability: the error type of the reachability monitor (the netlink socket could not be opened or read).

/// Why the reachability monitor could not do something.
package struct ReachabilityError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    package struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package var description: String { rawValue }

        /// The rtnetlink socket could not be opened or bound (no AF_NETLINK in this sandbox, out of descriptors).
        package static let netlinkUnavailable = Code(rawValue: "netlinkUnavailable")
        /// The monitor was shut down.
        package static let shutDown = Code(rawValue: "shutDown")
    }

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
