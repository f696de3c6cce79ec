// Tests of WalletUnlock with the real kernel keyring: an unlocked encrypted wallet opens without its passphrase; a key
// kept for an older passphrase, a lock, or a wallet with another kind of store do not.

import CashuTestSupport
import CoreCashu
import Foundation
import Logging
import Testing

@testable import LinuxCashu

@Suite("WalletUnlock")
struct WalletUnlockTests {
    static let passphrase = SecureStoreFactoryTests.passphrase

    /// A new wallet directory whose secrets are in an encrypted file holding one secret.
    static func encryptedWallet() async throws -> (URL, SecureStoreSelection) {
        let directory = SecureStoreFactoryTests.directory()
        let selection = try await SecureStoreFactoryTests.make(
            directory, passphrase: passphrase, preferred: .encryptedFile)
        try await selection.store.save(SecureBytes([7, 7]), key: "k")
        return (directory, selection)
    }

    @Test("unlocked: opened without the passphrase, secrets read and written; locked: the passphrase is needed again")
    func unlockAndLock() async throws {
        let (directory, selection) = try await Self.encryptedWallet()
        defer { try? FileManager.default.removeItem(at: directory) }
        let wallet = try await WalletUnlock.unlock(directory: directory, passphrase: Self.passphrase, for: .seconds(60))
        #expect(wallet == selection.walletID)
        let opened = try await SecureStoreFactoryTests.make(directory)
        #expect(try await opened.store.load(key: "k")?.exposedSecretBytes == [7, 7])
        try await opened.store.save(SecureBytes([8]), key: "other")
        let again = try await SecureStoreFactoryTests.make(directory, passphrase: Self.passphrase)
        #expect(try await again.store.load(key: "other")?.exposedSecretBytes == [8])
        #expect(try WalletUnlock.lock(directory: directory))
        await #expect(throws: SecureStoreError.self) { _ = try await SecureStoreFactoryTests.make(directory) }
        #expect(try !WalletUnlock.lock(directory: directory))
    }

    @Test("a wrong passphrase unlocks nothing; a kept key stops working once the passphrase changes")
    func wrongAndStale() async throws {
        let (directory, selection) = try await Self.encryptedWallet()
        defer {
            _ = try? WalletUnlock.lock(directory: directory)
            try? FileManager.default.removeItem(at: directory)
        }
        let wrong = SecureBytes(Array("not it".utf8))
        #expect(
            await SecureStoreFactoryTests.code {
                _ = try await WalletUnlock.unlock(directory: directory, passphrase: wrong, for: .seconds(60))
            } == .wrongPassphrase)
        _ = try await WalletUnlock.unlock(directory: directory, passphrase: Self.passphrase, for: .seconds(60))
        let store = try #require(selection.store as? EncryptedFileStore)
        try await store.changePassphrase(to: SecureBytes(Array("new one".utf8)))
        #expect(await SecureStoreFactoryTests.code { _ = try await SecureStoreFactoryTests.make(directory) }
            == .passphraseRequired)
    }

    @Test("the key expires on time")
    func expires() async throws {
        let (directory, _) = try await Self.encryptedWallet()
        defer { try? FileManager.default.removeItem(at: directory) }
        // Long enough that a loaded machine still opens it once before it expires (1 s failed under a full CI run).
        _ = try await WalletUnlock.unlock(directory: directory, passphrase: Self.passphrase, for: .seconds(5))
        _ = try await SecureStoreFactoryTests.make(directory)
        try await Task.sleep(for: .milliseconds(6100))
        #expect(await SecureStoreFactoryTests.code { _ = try await SecureStoreFactoryTests.make(directory) }
            == .passphraseRequired)
    }

    @Test("a wallet without an encrypted file has nothing to unlock")
    func nothingToUnlock() async throws {
        let directory = SecureStoreFactoryTests.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try await SecureStoreFactoryTests.make(directory, allowPlaintext: true, preferred: .plaintextFile)
        #expect(
            await SecureStoreFactoryTests.code {
                _ = try await WalletUnlock.unlock(directory: directory, passphrase: Self.passphrase, for: .seconds(5))
            } == .invalidInput)
    }
}
