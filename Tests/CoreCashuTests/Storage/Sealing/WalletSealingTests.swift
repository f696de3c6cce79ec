// Tests of Wallet/WalletSealing.swift against a real mint: a wallet's files (SQLite and its WAL) and a dump of its
// PostgreSQL schema hold none of its ecash secrets; a plaintext wallet is sealed when opened; rotation re-seals.

import CashuTestSupport
import Foundation
import GRDB
import Testing

@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuPostgres
@testable import CashuSQLite
import CoreCashu

@Suite("Wallet sealing", .timeLimit(.minutes(3)))
struct WalletSealingTests {
    /// What must never be found at rest: each proof's secret (as text and as the hex of its bytes, the way a BYTEA
    /// dump would show a plaintext journal), its signature and its DLEQ blinding factor.
    static func needles(_ proofs: [Proof]) -> [String] {
        proofs.flatMap { proof in
            [proof.secret, Hex.encode(Array(proof.secret.utf8)), proof.C.hex]
                + (proof.dleq.map { [$0.r.exposedSecretHex] } ?? [])
        }
    }

    /// The needles found in `haystack` (as UTF-8 bytes).
    static func found(_ needles: [String], in haystack: [UInt8]) -> [String] {
        needles.filter { haystack.containsSubsequence(Array($0.utf8)) }
    }

    /// The bytes of a SQLite wallet's database and WAL.
    static func files(_ wallet: TestWallet) throws -> [UInt8] {
        let database = wallet.directory.appendingPathComponent("wallet.sqlite")
        var bytes = Array(try Data(contentsOf: database))
        if let wal = try? Data(contentsOf: URL(fileURLWithPath: database.path + "-wal")) { bytes += Array(wal) }
        return bytes
    }

    /// Mints, sends a token and receives it back: the secrets of every proof involved, taken before the token left.
    static func exercise(_ wallet: Wallet, mint: TestMint) async throws -> [Proof] {
        try await wallet.addMint(mint.url)
        let quote = try await BusyTestMint.retrying { try await wallet.requestMintQuote(amount: 64, mint: mint.url) }
        _ = try await wallet.waitForMintQuote(quote.id, timeout: .seconds(20))
        _ = try await BusyTestMint.retrying { try await wallet.mint(quoteID: quote.id) }
        let sent = try await wallet.send(amount: 21, mint: mint.url)
        let token = sent.token.proofs
        _ = try await wallet.receive(token: sent.token)
        let kept = try await wallet.proofs(mint: mint.url, statuses: Set(ProofStatus.allCases))
        #expect(!kept.isEmpty)
        return token + kept.map(\.proof)
    }

    @Test("SQLite: neither the database nor its WAL holds a secret, signature or blinding factor of the wallet")
    func sqliteFilesHoldNoSecrets() async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open()
        let proofs = try await Self.exercise(wallet.wallet, mint: mint)
        #expect(Self.found(Self.needles(proofs), in: try Self.files(wallet)).isEmpty)
        // The same store without the wallet's keys reads nothing of them.
        let bare = try SQLiteWalletStore(path: wallet.directory.appendingPathComponent("wallet.sqlite").path)
        await #expect(throws: StorageError.self) {
            try await bare.read { tx in try tx.proofs(mintURL: nil, unit: nil, statuses: [.unspent]) }
        }
    }

    @Test("PostgreSQL: a pg_dump of the wallet's schema holds no secret, signature or blinding factor")
    func postgresDumpHoldsNoSecrets() async throws {
        let mint = try await TestMint.shared
        let server = try await TestPostgres.shared
        let schema = TestPostgres.freshSchema()
        let store = try await StoreFactory.makePostgresStore(schema: schema)
        let directory = try TemporaryDirectory()
        let wallet = try await Wallet.open(
            store: store, secureStore: FileSecureStore(file: directory.url.appendingPathComponent("secrets.json")),
            connectorFactory: { HTTPMintConnector(mintURL: $0, httpClient: TestHTTP.client) })
        let proofs = try await Self.exercise(wallet, mint: mint)
        var environment = ProcessInfo.processInfo.environment
        environment["PGPASSWORD"] = server.password
        let dump = try await ScriptRunner.run(
            try TestPostgres.binary("pg_dump"),
            arguments: ["-h", server.host, "-p", String(server.port), "-U", server.user, "-d", server.database,
                "-n", schema, "--data-only"],
            environment: environment)
        #expect(dump.status == 0, "\(dump.standardError)")
        #expect(dump.standardOutput.contains("COPY \(schema).proofs"))
        #expect(Self.found(Self.needles(proofs), in: Array(dump.standardOutput.utf8)).isEmpty)
        await store.close()
    }

    @Test("a wallet kept in plaintext is sealed when opened, in one go, and keeps every proof")
    func plaintextWalletSealedOnOpen() async throws {
        let mint = try await TestMint.shared
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-wallet-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("wallet.sqlite").path
        // A wallet from before encryption: its store does not seal.
        let plain = PlaintextStore(store: try SQLiteWalletStore(path: path))
        let secure = FileSecureStore(file: directory.appendingPathComponent("secrets.json"))
        let old = try await Wallet.open(
            store: plain, secureStore: secure,
            connectorFactory: { HTTPMintConnector(mintURL: $0, httpClient: TestHTTP.client) })
        let proofs = try await Self.exercise(old, mint: mint)
        let balance = try await old.balance()
        let before = try Self.rawFiles(path)
        #expect(!Self.found(Self.needles(proofs), in: before).isEmpty, "the old wallet kept them in plaintext")

        let reopened = try await TestWallet.open(directory: directory)
        #expect(try await reopened.wallet.balance() == balance)
        #expect(Self.found(Self.needles(proofs), in: try Self.files(reopened)).isEmpty)
        // Still spendable.
        let sent = try await reopened.wallet.send(amount: 5, mint: mint.url)
        #expect(sent.amount == 5)
    }

    @Test("rotating the data key re-seals every record under the next generation; the wallet reopens on it")
    func rotation() async throws {
        let mint = try await TestMint.shared
        let wallet = try await TestWallet.open()
        _ = try await Self.exercise(wallet.wallet, mint: mint)
        let balance = try await wallet.wallet.balance()
        let rotated = try await wallet.wallet.rotateDataKey()
        #expect(rotated.generation == 1 && rotated.records > 0)
        let generations = try await wallet.sqliteStore.pool.read { db in
            try Data.fetchAll(db, sql: "SELECT sealed FROM proofs UNION ALL SELECT sealed FROM operations")
                .map { RecordSealer.generation(of: Array($0)) }
        }
        #expect(!generations.isEmpty && generations.allSatisfy { $0 == 1 })
        let reopened = try await TestWallet.open(directory: wallet.directory)
        #expect(try await reopened.wallet.balance() == balance)
        #expect(try await reopened.wallet.rotateDataKey().generation == 2)
    }

    static func rawFiles(_ path: String) throws -> [UInt8] {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        if let wal = try? Data(contentsOf: URL(fileURLWithPath: path + "-wal")) { bytes += Array(wal) }
        return bytes
    }
}

/// A store that does not seal: a wallet as it was before encryption at rest.
final class PlaintextStore: WalletStore {
    let store: SQLiteWalletStore
    init(store: SQLiteWalletStore) { self.store = store }
    func read<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        try await store.read(body)
    }
    func write<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        try await store.write(body)
    }
    var operationLeases: any OperationLeases { store.operationLeases }
}
