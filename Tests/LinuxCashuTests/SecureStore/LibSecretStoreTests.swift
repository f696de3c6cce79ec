// Tests of LibSecretStore against a real gnome-keyring (the test run is wrapped in scripts/with-keyring).

import CoreCashu
import Foundation
import Testing

@testable import LinuxCashu

@Suite("LibSecretStore")
struct LibSecretStoreTests {
    /// A store for a fresh wallet id; the keyring must be the private one of scripts/with-keyring.
    static func store() throws -> LibSecretStore {
        try #require(
            ProcessInfo.processInfo.environment["CASHU_TEST_KEYRING"] == "inside",
            "run the tests under scripts/with-keyring (a private D-Bus session with gnome-keyring)"
        )
        return LibSecretStore(walletID: .random())
    }

    @Test("The Secret Service of the test session is usable")
    func probe() async throws {
        _ = try Self.store()
        let problem = await LibSecretStore.probe()
        #expect(problem == nil, "\(String(describing: problem))")
    }

    @Test("Store, read, overwrite, delete; a missing key reads as nil")
    func lifecycle() async throws {
        let store = try Self.store()
        #expect(try await store.load(key: SecureStoreKey.mnemonic) == nil)
        try await store.save(SecureBytes(Array("first phrase".utf8)), key: SecureStoreKey.mnemonic)
        #expect(try await store.load(key: SecureStoreKey.mnemonic)?.exposedSecretBytes == Array("first phrase".utf8))
        try await store.save(SecureBytes(Array("second".utf8)), key: SecureStoreKey.mnemonic)
        #expect(try await store.load(key: SecureStoreKey.mnemonic)?.exposedSecretBytes == Array("second".utf8))
        try await store.delete(key: SecureStoreKey.mnemonic)
        #expect(try await store.load(key: SecureStoreKey.mnemonic) == nil)
        try await store.delete(key: SecureStoreKey.mnemonic)
        try await store.delete(key: "never-stored")
    }

    @Test("Two wallets with the same key names keep their own values")
    func twoWallets() async throws {
        let first = try Self.store()
        let second = try Self.store()
        let quoteKey = SecureStoreKey.quoteKey(Scalar.random().publicKey)
        try await first.save(SecureBytes([1, 1, 1]), key: quoteKey)
        try await second.save(SecureBytes([2, 2]), key: quoteKey)
        try await first.save(SecureBytes([3]), key: SecureStoreKey.mnemonic)
        #expect(try await first.load(key: quoteKey)?.exposedSecretBytes == [1, 1, 1])
        #expect(try await second.load(key: quoteKey)?.exposedSecretBytes == [2, 2])
        #expect(try await second.load(key: SecureStoreKey.mnemonic) == nil)
        try await first.deleteAll()
        #expect(try await first.load(key: quoteKey) == nil)
        #expect(try await first.load(key: SecureStoreKey.mnemonic) == nil)
        #expect(try await second.load(key: quoteKey)?.exposedSecretBytes == [2, 2])
        try await second.deleteAll()
    }

    @Test("Binary values round-trip: every byte value, zeros, 32-byte keys, an empty value")
    func binaryValues() async throws {
        let store = try Self.store()
        let values: [String: [UInt8]] = [
            "all-bytes": (0...255).map { UInt8($0) } + (0...255).reversed().map { UInt8($0) },
            "zeros": [UInt8](repeating: 0, count: 40),
            SecureStoreKey.p2pkKey(Scalar.random().publicKey): Scalar.random().exposedSecretBytes,
            "empty": [],
        ]
        for (key, value) in values { try await store.save(SecureBytes(value), key: key) }
        for (key, value) in values {
            #expect(try await store.load(key: key)?.exposedSecretBytes == value, "value under \(key)")
        }
        try await store.deleteAll()
    }

    @Test("Concurrent saves from many tasks all land")
    func concurrentSaves() async throws {
        let store = try Self.store()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask { try await store.save(SecureBytes([UInt8(index)]), key: "key-\(index)") }
            }
            try await group.waitForAll()
        }
        for index in 0..<16 {
            #expect(try await store.load(key: "key-\(index)")?.exposedSecretBytes == [UInt8(index)])
        }
        try await store.deleteAll()
    }

    @Test("A wallet opened through the chooser with the keyring keeps its mnemonic in the Secret Service")
    func walletMnemonicInKeyring() async throws {
        _ = try Self.store()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-ss-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let selection = try await SecureStoreFactory.make(directory: directory, logger: .init(label: "test"))
        #expect(selection.kind == .secretService)
        let mnemonic = Mnemonic()
        try await selection.store.save(SecureBytes(Array(mnemonic.exposedPhrase.utf8)), key: SecureStoreKey.mnemonic)
        let again = LibSecretStore(walletID: selection.walletID)
        let stored = try #require(try await again.load(key: SecureStoreKey.mnemonic))
        #expect(try Mnemonic(phrase: String(decoding: stored.exposedSecretBytes, as: UTF8.self)) == mnemonic)
        try await again.deleteAll()
    }
}
