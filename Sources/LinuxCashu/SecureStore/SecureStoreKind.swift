// SecureStore: which kind of secure store holds a wallet's secrets.

/// The secure store kinds the chooser picks from, in order of preference.
public enum SecureStoreKind: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    /// The freedesktop Secret Service through libsecret (`LibSecretStore`).
    case secretService = "secret-service"
    /// A passphrase-encrypted file (`secrets.enc` in the wallet directory).
    case encryptedFile = "encrypted-file"
    /// CoreCashu's plaintext `FileSecureStore`: only with an explicit opt-in, with a warning each time.
    case plaintextFile = "plaintext-file"

    public var description: String { rawValue }
}
