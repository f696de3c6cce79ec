// Engine tests: a mint that moved to another URL (Wallet.moveMint), against a scripted mint reachable at both URLs.

import CashuEngineTestSupport
import Foundation
import Testing

@testable import CashuEngine

@Suite("Wallet engine: a mint that moved")
struct WalletMoveMintEngineTests {
    static let newURL: MintURL = {
        do { return try MintURL("https://moved.scripted-mint.test") } catch { preconditionFailure("\(error)") }
    }()

    /// A funded wallet whose mint is also reachable at ``newURL``; `stranger` answers at `strangerURL`.
    static func wallet(
        amount: UInt64, stranger: ScriptedMint? = nil
    ) async throws -> (Wallet, ScriptedMint, InMemorySecureStore, InMemoryWalletStore) {
        let mint = ScriptedMint()
        let secureStore = InMemorySecureStore()
        let store = InMemoryWalletStore()
        let wallet = try await Wallet.open(
            store: store, secureStore: secureStore,
            connectorFactory: ScriptedWallet.connectorFactory(
                [mint] + (stranger.map { [$0] } ?? []), aliases: [newURL: mint]))
        try await wallet.addMint(mint.url)
        try await ScriptedWallet.fund(wallet, at: mint, amount: amount)
        return (wallet, mint, secureStore, store)
    }

    @Test("everything moves: balance, default mint, login; the ecash spends at the new URL")
    func everythingMoves() async throws {
        let (wallet, mint, secureStore, store) = try await Self.wallet(amount: 100)
        // The default as an older `cashu` kept it (read, never written, by defaultMint()).
        try await store.write { tx in try tx.setMetadata("cli.default-mint", mint.url.rawValue) }
        #expect(try await wallet.defaultMint() == mint.url)
        try await secureStore.save(SecureBytes(Array("login".utf8)), key: SecureStoreKey.clearAuth(mint.url))

        let moved = try await wallet.moveMint(from: mint.url, to: Self.newURL)
        #expect(moved > 0)
        #expect(try await wallet.mints().map(\.url) == [Self.newURL])
        #expect(try await wallet.balance(mint: Self.newURL) == 100)
        #expect(try await wallet.balance(mint: mint.url) == 0)
        #expect(try await wallet.defaultMint() == Self.newURL)
        #expect(try await secureStore.load(key: SecureStoreKey.clearAuth(Self.newURL)) != nil)
        #expect(try await secureStore.load(key: SecureStoreKey.clearAuth(mint.url)) == nil)
        let sent = try await wallet.prepareSend(amount: 30, mint: Self.newURL).confirm()
        #expect(sent.mints == [Self.newURL.rawValue])
        #expect(try await wallet.balance(mint: Self.newURL) < 100)
    }

    @Test("refused, moving nothing: unfinished work at the old URL, a URL already added, another mint's keysets")
    func refusals() async throws {
        let stranger = ScriptedMint(host: "stranger.test")
        let (wallet, mint, _, _) = try await Self.wallet(amount: 100, stranger: stranger)

        // A prepared send is unfinished work that names the old URL.
        let prepared = try await wallet.prepareSend(amount: 10, mint: mint.url)
        await #expect { try await wallet.moveMint(from: mint.url, to: Self.newURL) } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
        await prepared.cancel()

        // Not the same mint: its keysets differ.
        await #expect { try await wallet.moveMint(from: mint.url, to: stranger.url) } throws: {
            ($0 as? WalletError)?.code == .keysetMismatch
        }
        // A mint of the wallet already.
        try await wallet.addMint(stranger.url)
        await #expect { try await wallet.moveMint(from: mint.url, to: stranger.url) } throws: {
            ($0 as? WalletError)?.code == .invalidInput
        }
        #expect(try await wallet.balance(mint: mint.url) == 100)
        #expect(Set(try await wallet.mints().map(\.url)) == [mint.url, stranger.url])
    }
}
