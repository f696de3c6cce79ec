// Test support: a wallet on a real SQLite store and a file secure store in a temporary directory.

import CashuTestSupport
import Foundation
import Logging

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu

/// A wallet for integration tests, with its files in a fresh temporary directory.
struct TestWallet {
    let wallet: Wallet
    let directory: URL
    let store: SQLiteWalletStore
    let secureStore: FileSecureStore

    /// Opens (or reopens) the wallet in `directory` (a fresh one when nil).
    static func open(
        directory: URL? = nil, mnemonic: Mnemonic? = nil, options: WalletOptions = WalletOptions(),
        connectorFactory: (@Sendable (MintURL) -> any MintConnector)? = nil, leases: (any OperationLeases)? = nil,
        logger: Logger? = nil
    ) async throws -> TestWallet {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cashu-wallet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
        let secureStore = FileSecureStore(file: directory.appendingPathComponent("secrets.json"))
        let factory =
            connectorFactory
            ?? { url in HTTPMintConnector(mintURL: url, httpClient: TestHTTP.client) }
        let wallet = try await Wallet.open(
            store: store, secureStore: secureStore, mnemonic: mnemonic, connectorFactory: factory, options: options,
            logger: logger ?? Logger(label: "cashu.wallet", factory: { _ in SwiftLogNoOpLogHandler() }), leases: leases)
        return TestWallet(wallet: wallet, directory: directory, store: store, secureStore: secureStore)
    }

    /// Adds the mint and mints `amount` sat through a paid quote.
    @discardableResult
    func fund(_ amount: UInt64, at mint: TestMint) async throws -> MintResult {
        try await fund(amount, mintURL: mint.url)
    }

    /// Adds the mint at `url` (a test mint, or a proxy in front of one) and mints `amount` sat through a paid quote.
    @discardableResult
    func fund(_ amount: UInt64, mintURL url: MintURL) async throws -> MintResult {
        try await wallet.addMint(url)
        return try await BusyTestMint.retrying {
            let quote = try await wallet.requestMintQuote(amount: amount, mint: url)
            _ = try await wallet.waitForMintQuote(quote.id, timeout: .seconds(20))
            return try await wallet.mint(quoteID: quote.id)
        }
    }

    /// What the mint says the wallet's unspent proofs are worth (NUT-07): the balance must equal it to the sat.
    func balanceConfirmedByMint(_ mint: TestMint) async throws -> UInt64 {
        try await balanceConfirmed(of: mint.url, asking: mint.connector())
    }

    /// The wallet's unspent proofs stored under `mint`, summed over those `connector`'s mint says are unspent (asked
    /// in requests of at most `batch` Ys, within the smallest request limit a test mint is started with).
    func balanceConfirmed(
        of mint: MintURL, asking connector: any MintConnector, batch: Int = 16
    ) async throws -> UInt64 {
        let proofs = try await wallet.proofs(mint: mint, statuses: [.unspent])
        var total: UInt64 = 0
        for chunk in proofs.chunked(batch) {
            let request = CheckStateRequest(Ys: try chunk.map { try $0.Y.point() })
            let states = try await connector.checkState(request).states
            for (proof, state) in zip(chunk, states) where state.state == .unspent { total += proof.amount }
        }
        return total
    }

    /// The operation lock files left in the wallet's `locks/` directory (none once every operation settled).
    func lockFiles() throws -> [String] {
        let locks = directory.appendingPathComponent("locks").path
        guard FileManager.default.fileExists(atPath: locks) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: locks)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
