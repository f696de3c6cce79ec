// Test support: a wallet engine (in-memory store, file secure store) for the CashuServices WebSocket tests.

import CashuTestSupport
import CoreCashu
import Foundation

/// A wallet on an in-memory store whose secrets live in a temporary file.
struct WebSocketTestWallet {
    let wallet: Wallet
    let directory: URL

    /// Opens a fresh wallet waiting through `subscriptions`.
    static func open(
        options: WalletOptions = WalletOptions(), subscriptions: (any SubscriptionTransport)? = nil
    ) async throws -> WebSocketTestWallet {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ws-wallet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let wallet = try await Wallet.open(
            store: InMemoryWalletStore(),
            secureStore: FileSecureStore(file: directory.appendingPathComponent("s.json")),
            connectorFactory: { url in HTTPMintConnector(mintURL: url, httpClient: TestHTTP.client) },
            options: options, subscriptions: subscriptions)
        return WebSocketTestWallet(wallet: wallet, directory: directory)
    }

    /// Adds the mint and mints `amount` sat (the mint must pay its own invoices: FakeWallet with BRR).
    func fund(_ amount: UInt64, at mint: MintURL) async throws {
        try await wallet.addMint(mint)
        try await BusyTestMint.retrying {
            let quote = try await wallet.requestMintQuote(amount: amount, mint: mint)
            _ = try await wallet.waitForMintQuote(quote.id, timeout: .seconds(60))
            _ = try await wallet.mint(quoteID: quote.id)
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
