// LinuxWallet: why a wallet could not be opened on this machine (the engine's own failures stay WalletError).

import CoreCashu

/// A failure to assemble a ``LinuxWallet``: its configuration, its store, or its secrets.
package struct LinuxWalletError: CashuError {
    /// What went wrong (the codes are below, in `ErrorCode`'s extension).
    package typealias Code = ErrorCode<LinuxWalletError>

    package let code: Code
    /// A secret-free sentence.
    package let reason: String
    /// The store's or secure store's own error (``SecureStoreError``, `StorageError`).
    package let underlying: (any Error & Sendable)?

    package init(_ code: Code, _ reason: String, underlying: (any Error & Sendable)? = nil) {
        self.code = code
        self.reason = reason
        self.underlying = underlying
    }
}

extension ErrorCode where Domain == LinuxWalletError {
    /// The configuration names nothing usable (no directory, an unknown secure store kind).
    package static let configuration = Self(rawValue: "configuration")
    /// Another user could tamper with the wallet directory or a wallet file in it (not owned by the effective uid,
    /// writable by group or others, a symbolic link someone else owns); the reason names the path and the fix.
    /// See ``WalletDirectorySafety``.
    package static let unsafeDirectory = Self(rawValue: "unsafeDirectory")
    /// The wallet database cannot be opened.
    package static let storage = Self(rawValue: "storage")
    /// No secure store is available, or it refused (locked, wrong passphrase); see `underlying`.
    package static let secureStore = Self(rawValue: "secureStore")
}
