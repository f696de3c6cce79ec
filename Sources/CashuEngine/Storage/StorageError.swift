// Storage: the one error type of the wallet's stores.

/// Why a store operation failed.
package struct StorageError: CashuError {
    /// What went wrong, as a value callers can compare (the codes are below, in ``ErrorCode``'s extension).
    package typealias Code = ErrorCode<StorageError>

    /// The kind of failure.
    package let code: Code
    /// A human explanation, free of secrets.
    package let reason: String
    /// The underlying error, when there is one.
    package let underlying: (any Error)?

    /// Creates an error.
    package init(_ code: Code, _ reason: String, underlying: (any Error)? = nil) {
        self.code = code
        self.reason = reason
        self.underlying = underlying
    }
}

extension ErrorCode where Domain == StorageError {
    /// A record the operation needs does not exist.
    package static let notFound = Self(rawValue: "notFound")
    /// A record with the same key exists.
    package static let conflict = Self(rawValue: "conflict")
    /// The database could not be opened, created or migrated.
    package static let unavailable = Self(rawValue: "unavailable")
    /// Another process held the database for longer than the busy timeout.
    package static let busy = Self(rawValue: "busy")
    /// The disk is full.
    package static let diskFull = Self(rawValue: "diskFull")
    /// A stored value cannot be read back (corrupt or from a newer version).
    package static let corrupt = Self(rawValue: "corrupt")
    /// A write was attempted in a read transaction.
    package static let readOnly = Self(rawValue: "readOnly")
    /// A sum or a counter would pass `UInt64.max` (a balance over that many units, a counter run out).
    package static let overflow = Self(rawValue: "overflow")
    /// Any other database error.
    package static let database = Self(rawValue: "database")
}
