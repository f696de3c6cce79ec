// SecureStore: the wallet's secrets in one passphrase-encrypted file (scrypt/PBKDF2 + AES-256-GCM), for servers and
// containers without a Secret Service.

import CoreCashu
import Crypto
import Foundation

/// A `SecureStore` keeping one wallet's secrets in a single encrypted file.
///
/// The key comes from the passphrase through the KDF named in the file's header (`KDFParameters.standard` for a
/// new file: scrypt N = 2^17, r = 8, p = 1) with a random 16-byte salt; the secrets are sealed with AES-256-GCM under
/// a fresh nonce on every write, the header authenticated with them. The file is 0600 (its directory is created 0700
/// when missing; `SecureStoreFactory` also tightens an existing wallet directory) and is replaced atomically
/// (temporary file, fsync, rename, fsync of the directory). Writers in several processes (the
/// CLI and the refresh timer) take an exclusive `flock` on `<file>.lock` and re-read the file before changing it, so
/// no process overwrites a secret another one just saved. The derived key is kept in memory for the store's life;
/// the passphrase too (another process may have re-keyed the file).
///
/// Errors: `.wrongPassphrase`, `.corrupt` (tampered or damaged; never overwritten), `.unsupportedFormat`,
/// `.fileSystem`, `.invalidInput`.
package final class EncryptedFileStore: SecureStore, @unchecked Sendable {
    // @unchecked: `passphrase`, `unlocked` and `cached` are only touched with `lock` held.

    /// The environment variable a host may read the passphrase from (the CLI decides; the store never reads it).
    package static let passphraseEnvironmentVariable = "CASHU_PASSPHRASE"

    /// The file name the chooser uses inside a wallet directory.
    package static let defaultFileName = "secrets.enc"

    /// The encrypted file.
    package let file: URL
    /// The KDF for a new file (an existing file keeps the one in its header until
    /// ``changePassphrase(to:parameters:)``).
    package let parameters: KDFParameters

    private let executor: BlockingExecutor
    private let lock = NSLock()
    private var passphrase: SecureBytes?
    /// The key `cashu unlock` kept, when the store was opened without the passphrase.
    private var unlocked: UnlockedKey?
    private var cached: (record: EncryptedSecretsFile.KDFRecord, keys: EncryptedSecretsFile.Keys, master: SymmetricKey)?

    /// A store in `file` opened with `passphrase`. Nothing is read until first use (see ``unlock()``).
    ///
    /// - Parameters:
    ///   - file: the encrypted file (created on first save, with its directory).
    ///   - passphrase: the passphrase's bytes (UTF-8 for text), not empty.
    ///   - parameters: the KDF for a new file.
    /// - Throws: ``SecureStoreError`` `.invalidInput` for an empty passphrase or parameters out of range.
    package init(file: URL, passphrase: SecureBytes, parameters: KDFParameters = .standard) throws(SecureStoreError) {
        guard passphrase.count > 0 else { throw SecureStoreError(.invalidInput, "the passphrase is empty") }
        try parameters.validate()
        self.file = file
        self.passphrase = passphrase
        self.parameters = parameters
        self.executor = BlockingExecutor(label: "cashu.encrypted-store")
    }

    /// A store in `file` opened with a key `cashu unlock` derived earlier (kept in the kernel keyring), without the
    /// passphrase: no KDF runs. It opens only the file whose header the key was derived for; a new file cannot be
    /// created this way.
    package init(file: URL, unlocked: UnlockedKey, parameters: KDFParameters = .standard) {
        self.file = file
        self.passphrase = nil
        self.unlocked = unlocked
        self.parameters = parameters
        self.executor = BlockingExecutor(label: "cashu.encrypted-store")
    }

    /// A store in `file` opened with the UTF-8 bytes of `passphrase`.
    package convenience init(file: URL, passphrase: String, parameters: KDFParameters = .standard)
        throws(SecureStoreError)
    {
        try self.init(file: file, passphrase: SecureBytes(Array(passphrase.utf8)), parameters: parameters)
    }

    /// The passphrase in `environment` under `passphraseEnvironmentVariable`, or `nil` when unset or empty.
    package static func passphrase(from environment: [String: String]) -> SecureBytes? {
        guard let value = environment[passphraseEnvironmentVariable], !value.isEmpty else { return nil }
        return SecureBytes(Array(value.utf8))
    }

    // MARK: - SecureStore

    package func load(key: String) async throws -> SecureBytes? {
        try await executor.run { () throws(SecureStoreError) in try self.readSecrets().secrets[key] }
    }

    package func save(_ value: SecureBytes, key: String) async throws {
        try await executor.run { () throws(SecureStoreError) in
            try self.modify { secrets in
                secrets[key] = value
                return true
            }
        }
    }

    package func delete(key: String) async throws {
        try await executor.run { () throws(SecureStoreError) in
            try self.modify { secrets in secrets.removeValue(forKey: key) != nil }
        }
    }

    // MARK: - Passphrase and parameters

    /// Checks the passphrase against the existing file (deriving and caching the key); no-op when there is no file.
    ///
    /// - Throws: ``SecureStoreError`` `.wrongPassphrase`, `.corrupt`, `.unsupportedFormat`, `.fileSystem`.
    package func unlock() async throws(SecureStoreError) {
        try await executor.run { () throws(SecureStoreError) in _ = try self.readSecrets() }
    }

    /// The key that opens the file, for `cashu unlock` to keep (derived now unless it already was).
    /// - Throws: ``SecureStoreError`` `.invalidInput` when there is no file yet; as ``unlock()`` otherwise.
    package func unlockedKey() async throws(SecureStoreError) -> UnlockedKey {
        try await executor.run { () throws(SecureStoreError) -> UnlockedKey in
            guard let document = try self.readDocument() else {
                throw SecureStoreError(.invalidInput, "the encrypted secure store has no file yet: nothing to unlock")
            }
            _ = try self.keys(for: document)
            guard let cached = self.lock.withLock({ self.cached }), cached.record == document.kdf else {
                throw SecureStoreError(.fileSystem, "the encrypted secure store changed while it was unlocked")
            }
            return UnlockedKey(record: cached.record, master: cached.master)
        }
    }

    /// The KDF parameters in the file's header, or `nil` when there is no file yet.
    ///
    /// - Throws: ``SecureStoreError`` `.corrupt`, `.unsupportedFormat`, `.fileSystem`.
    package func fileParameters() async throws(SecureStoreError) -> KDFParameters? {
        try await executor.run { () throws(SecureStoreError) -> KDFParameters? in
            guard let document = try self.readDocument() else { return nil }
            return try document.kdfParameters().0
        }
    }

    /// Re-encrypts the file under a new passphrase (and a new salt), optionally with new KDF parameters.
    ///
    /// - Parameters:
    ///   - newPassphrase: the new passphrase, not empty.
    ///   - parameters: the KDF to use from now on; the file's current one when `nil`.
    /// - Throws: ``SecureStoreError``: `.wrongPassphrase` when the current passphrase does not open the file.
    package func changePassphrase(to newPassphrase: SecureBytes, parameters: KDFParameters? = nil)
        async throws(SecureStoreError)
    {
        guard newPassphrase.count > 0 else { throw SecureStoreError(.invalidInput, "the passphrase is empty") }
        try parameters?.validate()
        try await executor.run { () throws(SecureStoreError) in
            try PrivateFiles.createDirectory(self.file.deletingLastPathComponent())
            try PrivateFiles.withExclusiveLock(self.lockFile) { () throws(SecureStoreError) in
                let current = try self.readSecrets()
                var kdf = self.parameters
                if let parameters {
                    kdf = parameters
                } else if let document = current.document {
                    kdf = try document.kdfParameters().0
                }
                let salt = Self.newSalt()
                let record = EncryptedSecretsFile.record(kdf, salt: salt)
                let master = try kdf.deriveKey(passphrase: newPassphrase, salt: salt)
                let keys = EncryptedSecretsFile.Keys(master: master)
                try self.write(current.secrets, keys: keys, record: record)
                self.lock.withLock {
                    self.passphrase = newPassphrase
                    self.unlocked = nil
                    self.cached = (record, keys, master)
                }
            }
        }
    }

    // MARK: - File access (on the executor's queue)

    private var lockFile: URL { file.appendingPathExtension("lock") }

    private func readDocument() throws(SecureStoreError) -> EncryptedSecretsFile? {
        guard let data = try PrivateFiles.contents(of: file, limit: EncryptedSecretsFile.maximumSize) else {
            return nil
        }
        let document: EncryptedSecretsFile
        do {
            document = try JSONDecoder().decode(EncryptedSecretsFile.self, from: data)
        } catch {
            throw SecureStoreError(.corrupt, "the encrypted secure store is not readable JSON")
        }
        try document.validateFormat()
        return document
    }

    /// The file's secrets with the keys that opened it; empty when there is no file.
    private func readSecrets() throws(SecureStoreError) -> (
        secrets: [String: SecureBytes], document: EncryptedSecretsFile?, keys: EncryptedSecretsFile.Keys?
    ) {
        guard let document = try readDocument() else { return ([:], nil, nil) }
        let keys = try self.keys(for: document)
        let plaintext = try document.open(keys: keys)
        return (try SecretMapCoding.decode(plaintext), document, keys)
    }

    private func keys(for document: EncryptedSecretsFile) throws(SecureStoreError) -> EncryptedSecretsFile.Keys {
        let (hit, passphrase, unlocked) = lock.withLock {
            (cached?.record == document.kdf ? cached?.keys : nil, self.passphrase, self.unlocked)
        }
        if let hit { return hit }
        let master: SymmetricKey
        if let unlocked, unlocked.matches(document.kdf) {
            master = unlocked.master
        } else if let passphrase {
            let (kdf, salt) = try document.kdfParameters()
            master = try kdf.deriveKey(passphrase: passphrase, salt: salt)
        } else {
            throw SecureStoreError(
                .passphraseRequired,
                "the key kept by `cashu unlock` is for another passphrase of this file: unlock again, or set "
                    + Self.passphraseEnvironmentVariable)
        }
        let keys = EncryptedSecretsFile.Keys(master: master)
        // Cache only keys that open the file: a wrong passphrase is derived again (slowly) on every attempt.
        _ = try document.open(keys: keys)
        lock.withLock { cached = (document.kdf, keys, master) }
        return keys
    }

    /// Re-reads the file under the writers' lock, applies `change`, and writes the result when it changed anything.
    private func modify(_ change: (inout [String: SecureBytes]) -> Bool) throws(SecureStoreError) {
        try PrivateFiles.createDirectory(file.deletingLastPathComponent())
        try PrivateFiles.withExclusiveLock(lockFile) { () throws(SecureStoreError) in
            let current = try readSecrets()
            var secrets = current.secrets
            guard change(&secrets) else { return }
            if let document = current.document, let keys = current.keys {
                try write(secrets, keys: keys, record: document.kdf)
                return
            }
            let salt = Self.newSalt()
            let record = EncryptedSecretsFile.record(parameters, salt: salt)
            guard let passphrase = lock.withLock({ self.passphrase }) else {
                throw SecureStoreError(.passphraseRequired, "a new encrypted secure store needs its passphrase")
            }
            let master = try parameters.deriveKey(passphrase: passphrase, salt: salt)
            let keys = EncryptedSecretsFile.Keys(master: master)
            try write(secrets, keys: keys, record: record)
            lock.withLock { cached = (record, keys, master) }
        }
    }

    private func write(
        _ secrets: [String: SecureBytes],
        keys: EncryptedSecretsFile.Keys,
        record: EncryptedSecretsFile.KDFRecord
    ) throws(SecureStoreError) {
        let document = try EncryptedSecretsFile.seal(SecretMapCoding.encode(secrets), keys: keys, kdf: record)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data: Data
        do { data = try encoder.encode(document) } catch {
            throw SecureStoreError(.invalidInput, "cannot encode the encrypted secure store", underlying: error)
        }
        try PrivateFiles.replace(file, with: data)
    }

    private static func newSalt() -> [UInt8] {
        SecureBytes.random(count: 16).exposedSecretBytes
    }
}
