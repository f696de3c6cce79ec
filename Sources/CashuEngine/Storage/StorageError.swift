// Storage: the one error type of the wallet's stores.

/// Why a store operation failed.
public struct StorageError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// A record the operation needs does not exist.
        public static let notFound = Code(rawValue: "notFound")
        /// A record with the same key exists.
        public static let conflict = Code(rawValue: "conflict")
        /// The database could not be opened, created or migrated.
        public static let unavailable = Code(rawValue: "unavailable")
        /// Another process held the database for longer than the busy timeout.
        public static let busy = Code(rawValue: "busy")
        /// The disk is full.
        public static let diskFull = Code(rawValue: "diskFull")
        /// A stored value cannot be read back (corrupt or from a newer version).
        public static let corrupt = Code(rawValue: "corrupt")
        /// A write was attempted in a read transaction.
        public static let readOnly = Code(rawValue: "readOnly")
        /// A sum or a counter would pass `UInt64.max` (a balance over that many units, a counter run out).
        public static let overflow = Code(rawValue: "overflow")
        /// Any other database error.
        public static let database = Code(rawValue: "database")
    }

    /// The kind of failure.
    public let code: Code
    /// A human explanation, free of secrets.
    public let reason: String
    /// The underlying error, when there is one.
    public let underlying: (any Error)?

    /// Creates an error.
    public init(_ code: Code, _ reason: String, underlying: (any Error)? = nil) {
        self.code = code
        self.reason = reason
        self.underlying = underlying
    }

    public var description: String { "StorageError.\(code): \(reason)" }
}
