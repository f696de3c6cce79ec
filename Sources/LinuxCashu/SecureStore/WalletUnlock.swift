// SecureStore: `cashu unlock` and `cashu lock` — the encrypted file store's derived key kept in the kernel keyring for
// a while, so later commands open the wallet without the passphrase and without running the KDF again.

import CoreCashu
import Foundation

/// Unlocking and locking a wallet whose secrets are in an encrypted file (`CASHU_SECRET_STORE=encrypted-file`).
public enum WalletUnlock {
    /// The passphrase of an encrypted wallet given in `environment` (`CASHU_PASSPHRASE`), or `nil` when unset or
    /// empty.
    public static func passphrase(from environment: [String: String]) -> SecureBytes? {
        EncryptedFileStore.passphrase(from: environment)
    }

    /// Derives the key of the wallet's encrypted secure store from `passphrase` (checking it opens the file) and
    /// keeps it in the session's kernel keyring for `duration`.
    /// - Returns: the wallet's id (the key's name in the keyring is `UnlockedKey.keyringDescription(for:)`).
    /// - Throws: `SecureStoreError` `.invalidInput` when the wallet keeps its secrets elsewhere (nothing to unlock)
    ///   or has none yet; `.wrongPassphrase`; `.keyring` when the kernel refuses.
    public static func unlock(directory: URL, passphrase: SecureBytes, for duration: Duration)
        async throws -> WalletID
    {
        let record = try encryptedRecord(in: directory)
        let store = try EncryptedFileStore(
            file: directory.appendingPathComponent(EncryptedFileStore.defaultFileName), passphrase: passphrase)
        let key = try await store.unlockedKey()
        let description = UnlockedKey.keyringDescription(for: record.wallet)
        try KernelKeyring.add(description, payload: key.payload, timeout: duration)
        // Read back, as the next command will: a keyring this process cannot read back would unlock nothing.
        guard (try? KernelKeyring.read(description)).flatMap({ $0 }) != nil else {
            _ = try? KernelKeyring.remove(description)
            throw SecureStoreError(.keyring, "the kernel keyring kept the key but does not give it back")
        }
        return record.wallet
    }

    /// Forgets the wallet's unlocked key.
    /// - Returns: whether one was kept.
    /// - Throws: `SecureStoreError` `.invalidInput` when the wallet keeps its secrets elsewhere; `.keyring`.
    @discardableResult
    public static func lock(directory: URL) throws -> Bool {
        let record = try encryptedRecord(in: directory)
        return try KernelKeyring.remove(UnlockedKey.keyringDescription(for: record.wallet))
    }

    /// The unlocked key kept for `wallet`, if any (a keyring that cannot be read counts as none).
    static func keptKey(for wallet: WalletID) -> UnlockedKey? {
        guard let payload = try? KernelKeyring.read(UnlockedKey.keyringDescription(for: wallet)) else { return nil }
        return try? UnlockedKey(payload: payload)
    }

    private static func encryptedRecord(in directory: URL) throws(SecureStoreError) -> SecureStoreRecord {
        guard let record = try SecureStoreRecord.read(in: directory) else {
            throw SecureStoreError(.invalidInput, "no wallet in \(directory.path)")
        }
        guard record.kind == .encryptedFile else {
            throw SecureStoreError(
                .invalidInput,
                "this wallet keeps its secrets in the \(record.kind) store, not a passphrase file: nothing to unlock")
        }
        return record
    }
}
