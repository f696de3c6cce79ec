// Tests of Wallet/WalletSecrets.swift and Wallet.open: a wallet's store is bound to its seed — a missing mnemonic is
// an error (never a fresh seed), a wrong one is refused, the right one restores access.

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

    @Test func theFingerprintIsStableAndRevealsNothingOfTheSeed() throws {
        let seed = SecureBytes(Array(repeating: 7, count: 64))
        #expect(WalletSecrets.fingerprint(of: seed) == WalletSecrets.fingerprint(of: seed))
        #expect(WalletSecrets.fingerprint(of: seed).count == 32)
        #expect(
            WalletSecrets.fingerprint(of: seed)
                != WalletSecrets.fingerprint(of: SecureBytes(Array(repeating: 8, count: 64))))
    }
}
