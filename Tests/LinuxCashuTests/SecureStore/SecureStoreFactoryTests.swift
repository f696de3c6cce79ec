// Tests of SecureStoreFactory: the choice for a new wallet, the record that keeps it, and the plaintext opt-in.
// (Sessions without a usable Secret Service are in LibSecretSessionTests.)

import CashuTestSupport
import CoreCashu
import Foundation
import Logging
import Testing

@testable import LinuxCashu

@Suite("SecureStoreFactory")
struct SecureStoreFactoryTests {
    static let fast = KDFParameters.scrypt(n: 1 << 10, r: 8, p: 1)
    static let passphrase = SecureBytes(Array("factory test".utf8))

    static func directory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("cashu-factory-\(UUID().uuidString)")
    }

    static func make(
        _ directory: URL,
        walletID: WalletID? = nil,
        passphrase: SecureBytes? = nil,
        allowPlaintext: Bool = false,
        preferred: SecureStoreKind? = nil,
        logger: Logger = Logger(label: "test")
    ) async throws(SecureStoreError) -> SecureStoreSelection {
        try await SecureStoreFactory.make(
            directory: directory,
            walletID: walletID,
            passphrase: passphrase,
            allowPlaintext: allowPlaintext,
            preferred: preferred,
            kdfParameters: fast,
            logger: logger
        )
    }

    static func code(of body: () async throws -> Void) async -> SecureStoreError.Code? {
        do {
            try await body()
            return nil
        } catch let error as SecureStoreError {
            return error.code
        } catch {
            return SecureStoreError.Code(rawValue: "other: \(error)")
        }
    }

    @Test("With a Secret Service a new wallet gets it, and reopens it under the same id")
    func secretServiceIsRecorded() async throws {
        try #require(ProcessInfo.processInfo.environment["CASHU_TEST_KEYRING"] == "inside", "run under with-keyring")
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let id = try #require(WalletID(rawValue: "factory-\(UInt32.random(in: 0...UInt32.max))"))
        let first = try await Self.make(directory, walletID: id, passphrase: Self.passphrase, allowPlaintext: true)
        #expect(first.kind == .secretService && first.walletID == id && first.warning == nil)
        let record = try String(contentsOf: directory.appendingPathComponent("secure-store.json"), encoding: .utf8)
        #expect(record.contains("\"secret-service\"") && record.contains(id.rawValue))
        let again = try await Self.make(directory)
        #expect(again.kind == .secretService && again.walletID == id)
        #expect(await Self.code { _ = try await Self.make(directory, walletID: .random()) } == .invalidInput)
        #expect(await Self.code { _ = try await Self.make(directory, preferred: .encryptedFile) } == .invalidInput)
    }

    @Test("An encrypted wallet needs its passphrase every time, and the right one")
    func encryptedIsRecorded() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            await Self.code { _ = try await Self.make(directory, preferred: .encryptedFile) } == .passphraseRequired
        )
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("secure-store.json").path))
        let selection = try await Self.make(directory, passphrase: Self.passphrase, preferred: .encryptedFile)
        #expect(selection.kind == .encryptedFile)
        try await selection.store.save(SecureBytes([1, 2, 3]), key: SecureStoreKey.mnemonic)
        #expect(await Self.code { _ = try await Self.make(directory) } == .passphraseRequired)
        let wrong = SecureBytes(Array("wrong".utf8))
        #expect(await Self.code { _ = try await Self.make(directory, passphrase: wrong) } == .wrongPassphrase)
        let reopened = try await Self.make(directory, passphrase: Self.passphrase)
        #expect(reopened.walletID == selection.walletID)
        #expect(try await reopened.store.load(key: SecureStoreKey.mnemonic)?.exposedSecretBytes == [1, 2, 3])
    }

    @Test("An encrypted file found without a record is used, whatever else is preferred")
    func existingEncryptedFile() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try EncryptedFileStore(
            file: directory.appendingPathComponent(EncryptedFileStore.defaultFileName),
            passphrase: Self.passphrase,
            parameters: Self.fast
        )
        try await store.save(SecureBytes([5]), key: "k")
        #expect(
            await Self.code {
                _ = try await Self.make(directory, passphrase: Self.passphrase, preferred: .secretService)
            }
                == .invalidInput
        )
        let selection = try await Self.make(directory, passphrase: Self.passphrase)
        #expect(selection.kind == .encryptedFile)
        #expect(try await selection.store.load(key: "k")?.exposedSecretBytes == [5])
    }

    @Test("Plaintext only with the opt-in, and a warning logged and returned on every open")
    func plaintextWarnsEveryTime() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            await Self.code { _ = try await Self.make(directory, preferred: .plaintextFile) } == .plaintextNotAllowed
        )
        let (logger, records) = CapturingLogHandler.logger()
        for _ in 0..<2 {
            let selection = try await Self.make(
                directory,
                allowPlaintext: true,
                preferred: .plaintextFile,
                logger: logger
            )
            #expect(selection.isPlaintext)
            #expect(selection.warning == SecureStoreFactory.plaintextWarning)
        }
        #expect(records.records.filter { $0.level == .warning && $0.message == "plaintext secure store" }.count == 2)
        #expect(await Self.code { _ = try await Self.make(directory) } == .plaintextNotAllowed)
    }

    @Test("The wallet directory is made private (0700), and its record is 0600")
    func privateDirectory() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(
            at: directory,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755]
        )
        _ = try await Self.make(directory, passphrase: Self.passphrase, preferred: .encryptedFile)
        let manager = FileManager.default
        #expect(try manager.attributesOfItem(atPath: directory.path)[.posixPermissions] as? Int == 0o700)
        let record = directory.appendingPathComponent("secure-store.json").path
        #expect(try manager.attributesOfItem(atPath: record)[.posixPermissions] as? Int == 0o600)
    }

    @Test("A damaged record is reported, not replaced")
    func damagedRecord() async throws {
        let directory = Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("{\"kind\":\"tape\"}".utf8).write(to: directory.appendingPathComponent("secure-store.json"))
        #expect(await Self.code { _ = try await Self.make(directory, passphrase: Self.passphrase) } == .corrupt)
    }

    @Test("Wallet ids: allowed characters and lengths")
    func walletIDs() {
        #expect(WalletID(rawValue: "default") != nil)
        #expect(WalletID(rawValue: "my-wallet_2.0") != nil)
        #expect(WalletID(rawValue: "") == nil)
        #expect(WalletID(rawValue: "has space") == nil)
        #expect(WalletID(rawValue: "ü") == nil)
        #expect(WalletID(rawValue: String(repeating: "a", count: 65)) == nil)
        #expect(WalletID.random().rawValue.count == 16)
        #expect(WalletID.random() != WalletID.random())
    }
}
