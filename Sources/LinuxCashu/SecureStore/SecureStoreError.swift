// SecureStore: the one error type of LinuxCashu's secure stores (libsecret, encrypted file, the chooser).

/// Why a secure store could not do what was asked. Messages never carry a secret or a passphrase.
public struct SecureStoreError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// No Secret Service: no D-Bus session bus ("Cannot autolaunch D-Bus"), or nothing on it provides
        /// `org.freedesktop.secrets`.
        public static let serviceUnavailable = Code(rawValue: "serviceUnavailable")
        /// The Secret Service answers but has no default collection (a headless gnome-keyring never unlocked: there
        /// is no login keyring, and no prompt can create one).
        public static let noDefaultCollection = Code(rawValue: "noDefaultCollection")
        /// The collection holding the secret is locked and could not be unlocked (no prompt possible, or dismissed).
        public static let locked = Code(rawValue: "locked")
        /// The Secret Service failed in another way (the D-Bus error is in the reason).
        public static let serviceFailure = Code(rawValue: "serviceFailure")
        /// The passphrase does not open the encrypted store (or its header was altered).
        public static let wrongPassphrase = Code(rawValue: "wrongPassphrase")
        /// The encrypted store needs a passphrase and none was given.
        public static let passphraseRequired = Code(rawValue: "passphraseRequired")
        /// The encrypted file is damaged or was tampered with (authentication failed, bad header, truncated).
        public static let corrupt = Code(rawValue: "corrupt")
        /// The encrypted file was written by a newer version (unknown format version, KDF or cipher).
        public static let unsupportedFormat = Code(rawValue: "unsupportedFormat")
        /// A file could not be read, written, locked or renamed (errno in the reason).
        public static let fileSystem = Code(rawValue: "fileSystem")
        /// A parameter was refused (an empty passphrase, KDF parameters out of range, a key name too long).
        public static let invalidInput = Code(rawValue: "invalidInput")
        /// The chooser found no store it may use (the reason says what to do), or the wallet's store is not the one
        /// asked for.
        public static let noStoreAvailable = Code(rawValue: "noStoreAvailable")
        /// The plaintext store exists but the host did not opt in to plaintext secrets.
        public static let plaintextNotAllowed = Code(rawValue: "plaintextNotAllowed")
        /// The kernel keyring refused (`cashu unlock`, `cashu lock`): unavailable, over quota, or not permitted.
        public static let keyring = Code(rawValue: "keyring")
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

    public var description: String { "SecureStoreError.\(code): \(reason)" }
}
