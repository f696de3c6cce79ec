// Reachability: the error type of the reachability monitor (the netlink socket could not be opened or read).

/// Why the reachability monitor could not do something.
public struct ReachabilityError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// The rtnetlink socket could not be opened or bound (no AF_NETLINK in this sandbox, out of descriptors).
        public static let netlinkUnavailable = Code(rawValue: "netlinkUnavailable")
        /// The monitor was shut down.
        public static let shutDown = Code(rawValue: "shutDown")
    }

    /// The kind of failure.
    public let code: Code
    /// A human explanation.
    public let reason: String
    /// The system error number, when one caused it.
    public let errno: Int32?

    /// Creates an error.
    public init(_ code: Code, _ reason: String, errno: Int32? = nil) {
        self.code = code
        self.reason = reason
        self.errno = errno
    }

    public var description: String {
        "ReachabilityError.\(code): \(reason)" + (errno.map { " (errno \($0))" } ?? "")
    }
}
