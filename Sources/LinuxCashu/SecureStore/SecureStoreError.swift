// SecureStore: the one error type of LinuxCashu's secure stores (libsecret, encrypted file, the chooser).

import CoreCashu

/// Why a secure store could not do what was asked. Messages never carry a secret or a passphrase.
package struct SecureStoreError: CashuError {
    /// What went wrong, as a value callers can compare (the codes are below, in `ErrorCode`'s extension).
    package typealias Code = ErrorCode<SecureStoreError>

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

extension ErrorCode where Domain == SecureStoreError {
    /// No Secret Service: no D-Bus session bus ("Cannot autolaunch D-Bus"), or nothing on it provides
    /// `org.freedesktop.secrets`.
    package static let serviceUnavailable = Self(rawValue: "serviceUnavailable")
    /// The Secret Service answers but has no default collection (a headless gnome-keyring never unlocked: there
    /// is no login keyring, and no prompt can create one).
    package static let noDefaultCollection = Self(rawValue: "noDefaultCollection")
    /// The collection holding the secret is locked and could not be unlocked (no prompt possible, or dismissed).
    package static let locked = Self(rawValue: "locked")
    /// The Secret Service failed in another way (the D-Bus error is in the reason).
    package static let serviceFailure = Self(rawValue: "serviceFailure")
    /// The passphrase does not open the encrypted store (or its header was altered).
    package static let wrongPassphrase = Self(rawValue: "wrongPassphrase")
    /// The encrypted store needs a passphrase and none was given.
    package static let passphraseRequired = Self(rawValue: "passphraseRequired")
    /// The encrypted file is damaged or was tampered with (authentication failed, bad header, truncated).
    package static let corrupt = Self(rawValue: "corrupt")
    /// The encrypted file was written by a newer version (unknown format version, KDF or cipher).
    package static let unsupportedFormat = Self(rawValue: "unsupportedFormat")
    /// A file could not be read, written, locked or renamed (errno in the reason).
    package static let fileSystem = Self(rawValue: "fileSystem")
    /// A parameter was refused (an empty passphrase, KDF parameters out of range, a key name too long).
    package static let invalidInput = Self(rawValue: "invalidInput")
    /// The chooser found no store it may use (the reason says what to do), or the wallet's store is not the one
    /// asked for.
    package static let noStoreAvailable = Self(rawValue: "noStoreAvailable")
    /// The plaintext store exists but the host did not opt in to plaintext secrets.
    package static let plaintextNotAllowed = Self(rawValue: "plaintextNotAllowed")
    /// The kernel keyring refused (`cashu unlock`, `cashu lock`): unavailable, over quota, or not permitted.
    package static let keyring = Self(rawValue: "keyring")
}
