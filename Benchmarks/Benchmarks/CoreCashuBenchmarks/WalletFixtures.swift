// Benchmark support: wallets on each store (SQLite or PostgreSQL, sealed or plaintext) with a file secure store in a
// temporary directory, and the proofs and tokens they start from (proofs minted straight from the mint:
// CashuBenchSupport's DirectMint.swift).

import CashuBenchSupport
@testable import CashuPostgres
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

/// The store a benchmark wallet keeps its records in.
enum StoreBackend: String, CaseIterable, Sendable {
    /// SQLite behind a forwarder that is not a ``RecordSealingStore``: the wallet never hands it its keys, so every
    /// record stays in plaintext, as before encryption at rest.
    case sqlitePlaintext = "SQLite plaintext"
    /// `SQLiteWalletStore` as an application opens it: sealed.
    case sqliteSealed = "SQLite sealed"
    /// PostgreSQL behind the same forwarder: plaintext.
    case postgresPlaintext = "PostgreSQL plaintext"
    /// `PostgresWalletStore` as an application opens it: sealed.
    case postgresSealed = "PostgreSQL sealed"

    var isPostgres: Bool { self == .postgresPlaintext || self == .postgresSealed }
    var isSealed: Bool { self == .sqliteSealed || self == .postgresSealed }
}

/// A store that forwards to another but is not a ``RecordSealingStore``, so `Wallet.open` does not make it seal:
/// the wallet works as it did before encryption at rest (Tests/CoreCashuTests/Storage/Sealing's `PlaintextStore`).
final class PlaintextStore: WalletStore, Sendable {
    let base: any WalletStore

    init(_ base: any WalletStore) { self.base = base }

    func read<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        try await base.read(body)
    }

    func write<T: Sendable>(_ body: @escaping @Sendable (any WalletTransaction) throws -> T) async throws -> T {
        try await base.write(body)
    }

    var operationLeases: any OperationLeases { base.operationLeases }
}

/// A wallet on one of the stores, with a file secure store in a fresh temporary directory; its requests are counted.
struct BenchWallet {
    let wallet: Wallet
    /// The secure store's directory (and the SQLite database's).
    let directory: URL
    let counter: RequestCounter
    /// The store itself, not the forwarder: it seals once the wallet has opened on it (sealed backends) and never
    /// does otherwise, so fixtures written through it are stored as the wallet would store them.
    let store: any WalletStore
    /// The PostgreSQL store, to close.
    let postgres: PostgresWalletStore?

    static func newDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cashu-bench-wallet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Opens the wallet in `directory` (a new one when nil), as an application would: store, secure store, open.
    /// PostgreSQL backends open `schema` (a new one when nil) on `server`, over TCP or, `overSocket`, its unix socket.
    static func open(
        directory: URL? = nil,
        mnemonic: Mnemonic? = nil,
        counter: RequestCounter = RequestCounter(),
        backend: StoreBackend = .sqliteSealed,
        server: BenchPostgres? = nil,
        schema: String? = nil,
        overSocket: Bool = false
    ) async throws -> BenchWallet {
        let directory = try directory ?? newDirectory()
        let store: any WalletStore
        var postgres: PostgresWalletStore?
        if backend.isPostgres {
            guard let server else { throw Fixtures.Failure(description: "no PostgreSQL server for \(backend)") }
            let opened = try await PostgresWalletStore(
                configuration: server.configuration(
                    schema: schema ?? BenchPostgres.freshSchema(), overSocket: overSocket)
            )
            postgres = opened
            store = opened
        } else {
            store = try SQLiteWalletStore(path: directory.appendingPathComponent("wallet.sqlite").path)
        }
        let secureStore = FileSecureStore(file: directory.appendingPathComponent("secrets.json"))
        let wallet = try await Wallet.open(
            store: backend.isSealed ? store : PlaintextStore(store),
            secureStore: secureStore,
            mnemonic: mnemonic,
            connectorFactory: { url in
                CountingConnector(base: benchConnector(url), counter: counter)
            }
        )
        return BenchWallet(wallet: wallet, directory: directory, counter: counter, store: store, postgres: postgres)
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }

    /// Closes a PostgreSQL store's connections.
    func close() async {
        await postgres?.close()
    }
}

extension Fixtures {
    /// `count` V4 tokens of `size` one-sat proofs each, minted straight from the mint and stripped of their DLEQ
    /// proofs: how Nutshell sends by default, so that both wallets receive the same kind of token.
    static func oneSatTokens(_ count: Int, proofs size: Int, mint: MintURL, withDLEQ: Bool = false) async throws
        -> [String]
    {
        let proofs = try await mintProofs(amounts: Array(repeating: 1, count: size * count), mint: mint)
            .map { proof in
                var bare = proof
                if !withDLEQ { bare.dleq = nil }
                return bare
            }
        return try stride(from: 0, to: proofs.count, by: size).map { start in
            try Token(mint: mint.rawValue, unit: "sat", proofs: Array(proofs[start..<start + size])).serialized(as: .v4)
        }
    }

    /// Adds proofs to an open wallet's store as unspent (the wallet must know their mint, so it can spend them),
    /// through the store the wallet opened: sealed for a sealed backend, as the wallet's own writes are.
    static func add(_ proofs: [Proof], to bench: BenchWallet, mint: MintURL) async throws {
        let stored = try proofs.map { try StoredProof(proof: $0, mintURL: mint, unit: .sat) }
        _ = try await bench.store.write { tx in try tx.addProofs(stored) }
    }

    /// Adds `count` synthetic unspent proofs (valid points, random secrets, mixed amounts) of one mint, which it
    /// saves, to an open wallet's store (as ``add(_:to:mint:)`` does): for balance and open, which need no mint.
    static func addSynthetic(proofs count: Int, to bench: BenchWallet, withDLEQ: Bool = false) async throws {
        let stored = try syntheticProofs(count, withDLEQ: withDLEQ)
        try await bench.store.write { tx in
            try tx.saveMint(StoredMint(url: syntheticMint))
            _ = try tx.addProofs(stored)
        }
    }

    /// The mint of the synthetic proofs.
    static let syntheticMint = try! MintURL("http://127.0.0.1:3338")

    /// `count` synthetic unspent proofs of ``syntheticMint``; `withDLEQ` gives each random DLEQ scalars, so that
    /// they store as much as proofs a wallet keeps from a mint (the DLEQ is not checked when stored or read).
    static func syntheticProofs(_ count: Int, withDLEQ: Bool = false) throws -> [StoredProof] {
        let keyset = try KeysetID(hex: "01" + String(repeating: "ab", count: 32))
        return try mixedAmounts(count: count).map { amount in
            try StoredProof(
                proof: Proof(
                    amount: amount,
                    id: keyset,
                    secret: Scalar.random().exposedSecretHex,
                    C: Scalar.random().publicKey,
                    dleq: withDLEQ ? ProofDLEQ(e: Scalar.random(), s: Scalar.random(), r: Scalar.random()) : nil
                ),
                mintURL: syntheticMint,
                unit: .sat
            )
        }
    }

    /// A SQLite wallet directory (sealed) whose store holds `count` synthetic unspent proofs and whose secure store
    /// holds a mnemonic.
    static func syntheticWallet(proofs count: Int) async throws -> URL {
        // A first open creates the schema, saves a fresh mnemonic and gives the store its keys.
        let first = try await BenchWallet.open()
        try await addSynthetic(proofs: count, to: first)
        return first.directory
    }
}
