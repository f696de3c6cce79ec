// Test support: a wallet on a real SQLite store and a file secure store in a temporary directory.

import CashuTestSupport
import Foundation
import Logging
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuPostgres
@testable import CashuSQLite
import CoreCashu

/// Where a test wallet keeps its records.
enum TestStoreBackend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// `wallet.sqlite` in the wallet's directory.
    case sqlite = "SQLite"
    /// A fresh schema of the test process's PostgreSQL server, named by `database.url` in the wallet's directory
    /// (which the WalletProbe tool reads too).
    case postgres = "PostgreSQL"

    var testDescription: String { rawValue }
}

/// A wallet for integration tests, with its files in a fresh temporary directory.
struct TestWallet {
    let wallet: Wallet
    let directory: URL
    let store: any WalletStore
    let secureStore: FileSecureStore

    /// The store as SQLite, for tests that look inside the file.
    var sqliteStore: SQLiteWalletStore {
        get throws {
            guard let store = store as? SQLiteWalletStore else { throw TestStoreBackendMismatch() }
            return store
        }
    }

    struct TestStoreBackendMismatch: Error {}

    /// The file naming a wallet directory's PostgreSQL database.
    static let databaseFile = "database.url"

    /// Opens (or reopens) the wallet in `directory` (a fresh one when nil); a new wallet keeps its records in
    /// `backend`, a reopened one where it kept them.
    static func open(
        directory: URL? = nil, mnemonic: Mnemonic? = nil, options: WalletOptions = WalletOptions(),
        connectorFactory: (@Sendable (MintURL) -> any MintConnector)? = nil, leases: (any OperationLeases)? = nil,
        logger: Logger? = nil, backend: TestStoreBackend = .sqlite
    ) async throws -> TestWallet {
        let directory =
            directory
            ?? FileManager.default.temporaryDirectory.appendingPathComponent("cashu-wallet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try await openStore(in: directory, backend: backend)
        let secureStore = FileSecureStore(file: directory.appendingPathComponent("secrets.json"))
        let factory =
            connectorFactory
            ?? { url in HTTPMintConnector(mintURL: url, httpClient: TestHTTP.client) }
        let wallet = try await Wallet.open(
            store: store, secureStore: secureStore, mnemonic: mnemonic, connectorFactory: factory, options: options,
            logger: logger ?? Logger(label: "cashu.wallet", factory: { _ in SwiftLogNoOpLogHandler() }), leases: leases)
        if store is PostgresWalletStore { await recoverOnceKilledSessionsEnd(wallet) }
        return TestWallet(wallet: wallet, directory: directory, store: store, secureStore: secureStore)
    }

    /// A process killed a moment ago may still hold its operation's lease on PostgreSQL (an advisory lock of its
    /// session, ended by the server when it notices the closed connection, not by the kernel as SQLite's `flock`):
    /// recovery left such operations to their holder. Recovers again, as the next command would, until none is held
    /// (at most 5 s).
    private static func recoverOnceKilledSessionsEnd(_ wallet: Wallet) async {
        for _ in 0..<50 {
            let report = await wallet.recover()
            let held = report.unresolved.contains { _, error in
                error.code == .pending && error.reason == "another process is executing this operation"
            }
            guard held else { return }
            try? await Task.sleep(for: .milliseconds(100))
        }
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
            return try await wallet.mintResult(quoteID: quote.id)
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

    /// The wallet directory's store: PostgreSQL when `database.url` names one (or `backend` asks for a new one),
    /// else `wallet.sqlite`.
    static func openStore(in directory: URL, backend: TestStoreBackend) async throws -> any WalletStore {
        let file = directory.appendingPathComponent(databaseFile)
        var url = try? String(contentsOf: file, encoding: .utf8)
        if url == nil && backend == .postgres {
            let server = try await TestPostgres.shared
            let made = server.url(
                "schema=\(TestPostgres.freshSchema())&sslmode=disable&connect_timeout=60&pool_max_conns=4")
            try made.write(to: file, atomically: true, encoding: .utf8)
            url = made
        }
        if let url { return try await PostgresWalletStore(configuration: PostgresStoreConfiguration(url: url)) }
        return try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
    }
}
