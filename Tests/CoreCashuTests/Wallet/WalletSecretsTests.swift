// Tests of Wallet/WalletSecrets.swift, WalletOpening.swift and Wallet.open: a wallet's store is bound to its seed — a
// missing mnemonic is an error (never a fresh seed), a wrong one is refused, the right one restores access; a wallet
// opened before opens from its cached seed with one read of its store and no write.

import CashuTestSupport
import Foundation
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet seed binding")
struct WalletSecretsTests {
    static func open(_ store: any WalletStore, _ secrets: any SecureStore, mnemonic: Mnemonic? = nil) async throws
        -> Wallet
    {
        try await Wallet.open(
            store: store, secureStore: secrets, mnemonic: mnemonic,
            connectorFactory: { HTTPMintConnector(mintURL: $0, httpClient: TestHTTP.client) })
    }

    @Test func aMissingMnemonicIsAnErrorNotANewSeed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = InMemoryWalletStore()
        let secretsFile = directory.appendingPathComponent("secrets.json")
        _ = try await Self.open(store, FileSecureStore(file: secretsFile))
        let phrase = try #require(try await FileSecureStore(file: secretsFile).load(key: SecureStoreKey.mnemonic))
        let mnemonic = try Mnemonic(phrase: String(decoding: phrase.exposedSecretBytes, as: UTF8.self))

        // The keyring was reset: opening refuses instead of making a new seed.
        try FileManager.default.removeItem(at: secretsFile)
        await #expect { try await Self.open(store, FileSecureStore(file: secretsFile)) } throws: {
            ($0 as? WalletError)?.code == .secureStore
        }
        #expect(try await FileSecureStore(file: secretsFile).load(key: SecureStoreKey.mnemonic) == nil)

        // Another mnemonic is refused; the right one restores access and is saved again.
        await #expect { try await Self.open(store, FileSecureStore(file: secretsFile), mnemonic: Mnemonic()) } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
        _ = try await Self.open(store, FileSecureStore(file: secretsFile), mnemonic: mnemonic)
        _ = try await Self.open(store, FileSecureStore(file: secretsFile))
    }

    @Test("a wallet opened before: one load of its cached seed, one read of its sealed store, no write")
    func reopeningIsOneReadAndTheCachedSeed() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("wallet.sqlite").path
        let secretsFile = directory.url.appendingPathComponent("secrets.json")
        let first = try await Self.open(try SQLiteWalletStore(path: path), FileSecureStore(file: secretsFile))
        let phrase = try await first.recoveryPhrase()
        let cached = try #require(try await FileSecureStore(file: secretsFile).load(key: SecureStoreKey.seed))
        #expect(cached == (try phrase.seed()))

        let store = CountingSealingStore(try SQLiteWalletStore(path: path))
        let secrets = CountingSecureStore(FileSecureStore(file: secretsFile))
        _ = try await Self.open(store, secrets)
        // The state the open needs and whether recovery has work, in one read; nothing written, no phrase loaded.
        #expect(store.counts.reads == 1)
        #expect(store.counts.writes == 0)
        #expect(await secrets.loaded == [SecureStoreKey.seed])
    }

    @Test("a cached seed of another phrase is ignored and replaced; a given mnemonic never trusts the cache")
    func aStaleCachedSeedIsNotUsed() async throws {
        let directory = try TemporaryDirectory()
        let secretsFile = directory.url.appendingPathComponent("secrets.json")
        let store = InMemoryWalletStore()
        let wallet = try await Self.open(store, FileSecureStore(file: secretsFile))
        let seed = try await wallet.recoveryPhrase().seed()
        let stale = SecureBytes(Array(repeating: 9, count: 64))
        try await FileSecureStore(file: secretsFile).save(stale, key: SecureStoreKey.seed)

        let reopened = try await Self.open(store, FileSecureStore(file: secretsFile))
        #expect(reopened.nostrRequestKey?.publicKeyHex == wallet.nostrRequestKey?.publicKeyHex)
        #expect(try await FileSecureStore(file: secretsFile).load(key: SecureStoreKey.seed) == seed)

        // A given mnemonic never trusts the cache: with the right seed cached and no phrase stored, a wrong one is
        // refused (it would open if the cache were used), and the right one opens and is saved again.
        let phrase = try await wallet.recoveryPhrase()
        try await FileSecureStore(file: secretsFile).delete(key: SecureStoreKey.mnemonic)
        await #expect { try await Self.open(store, FileSecureStore(file: secretsFile), mnemonic: Mnemonic()) } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
        _ = try await Self.open(store, FileSecureStore(file: secretsFile), mnemonic: phrase)
        #expect(try await FileSecureStore(file: secretsFile).load(key: SecureStoreKey.seed) == seed)
    }

    @Test("a wallet running on its cached seed never shows a phrase that is not its own")
    func theBackupPhraseMustGiveTheSeedInUse() async throws {
        let directory = try TemporaryDirectory()
        let secretsFile = directory.url.appendingPathComponent("secrets.json")
        let store = InMemoryWalletStore()
        let phrase = try await Self.open(store, FileSecureStore(file: secretsFile)).recoveryPhrase()

        // The phrase went missing: the wallet still opens from its seed, and says the phrase is gone.
        try await FileSecureStore(file: secretsFile).delete(key: SecureStoreKey.mnemonic)
        let orphaned = try await Self.open(store, FileSecureStore(file: secretsFile))
        await #expect { try await orphaned.recoveryPhrase() } throws: { ($0 as? WalletError)?.code == .secureStore }

        // Another phrase was put in its place: refused, never shown as this wallet's backup.
        try await FileSecureStore(file: secretsFile).save(
            SecureBytes(Array(Mnemonic().exposedPhrase.utf8)), key: SecureStoreKey.mnemonic)
        let mixed = try await Self.open(store, FileSecureStore(file: secretsFile))
        await #expect { try await mixed.recoveryPhrase() } throws: { ($0 as? WalletError)?.code == .secureStore }

        // Its own phrase back: shown.
        try await FileSecureStore(file: secretsFile).save(
            SecureBytes(Array(phrase.exposedPhrase.utf8)), key: SecureStoreKey.mnemonic)
        #expect(try await Self.open(store, FileSecureStore(file: secretsFile)).recoveryPhrase() == phrase)
    }

    @Test func theFingerprintIsStableAndRevealsNothingOfTheSeed() throws {
        let seed = SecureBytes(Array(repeating: 7, count: 64))
        #expect(WalletSecrets.fingerprint(of: seed) == WalletSecrets.fingerprint(of: seed))
        #expect(WalletSecrets.fingerprint(of: seed).count == 32)
        #expect(
            WalletSecrets.fingerprint(of: seed)
                != WalletSecrets.fingerprint(of: SecureBytes(Array(repeating: 8, count: 64))))
    }
}

/// A sealing store that counts the transactions run on it.
private final class CountingSealingStore: RecordSealingStore, @unchecked Sendable {
    let base: SQLiteWalletStore
    private let tally = Locked((reads: 0, writes: 0))

    init(_ base: SQLiteWalletStore) { self.base = base }

    var counts: (reads: Int, writes: Int) { tally.withLock { $0 } }
    var operationLeases: any OperationLeases { base.operationLeases }

    func read<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        tally.withLock { $0.reads += 1 }
        return try await base.read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        tally.withLock { $0.writes += 1 }
        return try await base.write(body)
    }

    func hasPlaintextRecords(_ tx: any WalletTransaction) throws -> Bool { try base.hasPlaintextRecords(tx) }

    func useSealer(_ sealer: RecordSealer, sealPlaintext: Bool) async throws -> Int {
        if sealPlaintext { tally.withLock { $0.writes += 1 } }
        return try await base.useSealer(sealer, sealPlaintext: sealPlaintext)
    }

    func reseal(with sealer: RecordSealer) async throws -> Int {
        tally.withLock { $0.writes += 1 }
        return try await base.reseal(with: sealer)
    }
}

/// A secure store that records which keys were loaded.
private actor CountingSecureStore: SecureStore {
    let base: any SecureStore
    private(set) var loaded: [String] = []

    init(_ base: any SecureStore) { self.base = base }

    func load(key: String) async throws -> SecureBytes? {
        loaded.append(key)
        return try await base.load(key: key)
    }

    func save(_ value: SecureBytes, key: String) async throws { try await base.save(value, key: key) }
    func delete(key: String) async throws { try await base.delete(key: key) }
}
