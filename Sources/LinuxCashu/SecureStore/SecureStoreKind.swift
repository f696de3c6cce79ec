// SecureStore: which kind of secure store holds a wallet's secrets.

import CoreCashu

/// The secure store kinds the chooser picks from, in order of preference.
public enum SecureStoreKind: Sendable, Hashable, CaseIterable, PackageNamed, CustomStringConvertible {
    /// The freedesktop Secret Service through libsecret (`LibSecretStore`).
    case secretService
    /// A passphrase-encrypted file (`secrets.enc` in the wallet directory).
    case encryptedFile
    /// CoreCashu's plaintext `FileSecureStore`: only with an explicit opt-in, with a warning each time.
    case plaintextFile

    /// The name `CASHU_SECURE_STORE` and `secure-store.json` use: `secret-service`, `encrypted-file`,
    /// `plaintext-file`.
    public var description: String { rawValue }

    /// The name `CASHU_SECURE_STORE` and `secure-store.json` use (``description``).
    package var rawValue: String {
        switch self {
        case .secretService: "secret-service"
        case .encryptedFile: "encrypted-file"
        case .plaintextFile: "plaintext-file"
        }
    }
}
