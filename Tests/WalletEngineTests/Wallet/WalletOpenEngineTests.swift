// Tests of Wallet.swift's open: two processes (or hosts sharing a database) making a new wallet in one store at once
// bind it to one recovery phrase; the other is refused and keeps no phrase for it.

import CashuEngineTestSupport
import Foundation
import Testing

@testable import CashuEngine

@Suite("Wallet open: one store, one phrase")
struct WalletOpenEngineTests {
    static func open(_ store: any WalletStore, _ secrets: InMemorySecureStore) async -> Result<Wallet, WalletError> {
        do {
            return .success(
                try await Wallet.open(
                    store: store, secureStore: secrets,
                    connectorFactory: ScriptedWallet.connectorFactory([]), recover: false))
        } catch {
            return .failure(error)
        }
    }

    @Test(
        "of two new wallets opened at once on one store, one binds it; the other fails and keeps no phrase",
        arguments: 0..<20)
    func twoNewWalletsAtOnce(_ round: Int) async throws {
        let store = InMemoryWalletStore()
        let (first, second) = (InMemorySecureStore(), InMemorySecureStore())
        async let a = Self.open(store, first)
        async let b = Self.open(store, second)
        let results = await [a, b]
        let opened = results.filter { if case .success = $0 { true } else { false } }
        #expect(opened.count == 1, "round \(round): \(results)")
        let phrases = [
            try await first.load(key: SecureStoreKey.mnemonic), try await second.load(key: SecureStoreKey.mnemonic),
        ]
        #expect(phrases.compactMap { $0 }.count == 1, "the loser keeps no phrase for a wallet it is not part of")
        let seeds = [try await first.load(key: SecureStoreKey.seed), try await second.load(key: SecureStoreKey.seed)]
        #expect(seeds.compactMap { $0 }.count == 1, "nor a seed")
        let bound = try await store.read { tx in try tx.metadata(Wallet.seedFingerprintKey) }
        #expect(bound != nil)
    }
}
