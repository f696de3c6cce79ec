// LinuxWallet: why a wallet could not be opened on this machine (the engine's own failures stay WalletError).

/// A failure to assemble a ``LinuxWallet``: its configuration, its store, or its secrets.
public struct LinuxWalletError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: String, Sendable {
        /// The configuration names nothing usable (no directory, an unknown secure store kind).
        case configuration
        /// Another user could tamper with the wallet directory or a wallet file in it (not owned by the effective uid,
        /// writable by group or others, a symbolic link someone else owns); ``reason`` names the path and the fix.
        /// See ``WalletDirectorySafety``.
        case unsafeDirectory
        /// The wallet database cannot be opened.
        case storage
        /// No secure store is available, or it refused (locked, wrong passphrase); see `underlying`.
        case secureStore
    }

    public let code: Code
    /// A secret-free sentence.
    public let reason: String
    /// The store's or secure store's own error (``SecureStoreError``, `StorageError`).
    package let underlying: (any Error & Sendable)?

    package init(_ code: Code, _ reason: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.reason = reason
        self.underlying = underlying
    }

    public var description: String { "LinuxWalletError.\(code.rawValue): \(reason)" }
}
