// Wallet benchmarks per store: the cost of encryption at rest (SQLite and PostgreSQL, sealed against plaintext) and
// PostgreSQL beside SQLite, on the wallet benchmarks' fixtures (docs/performance.md, "Encryption at rest and
// PostgreSQL"). Named `store <backend>: <operation>`, so that 'store SQLite.*' compares sealed with plaintext on
// SQLite, 'store .* sealed:.*' PostgreSQL with SQLite, and 'store.*' runs them all.

import Benchmark
import CashuBenchSupport
@testable import CashuPostgres
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

/// Balance on a store holding 10,000 synthetic proofs, per backend: no mint.
func storeBackendBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, WalletMetric.cpu, .mallocCountTotal],
        timeUnits: .microseconds,
        units: [WalletMetric.cpu: .count],
        warmupIterations: 5,
        maxDuration: .seconds(3),
        maxIterations: 2000
    )
    for backend in StoreBackend.allCases {
        if backend.isPostgres, let reason = BenchPostgres.unavailableReason {
            FileHandle.standardError.write(Data("Skipping store \(backend.rawValue): \(reason)\n".utf8))
            continue
        }
        Benchmark("store \(backend.rawValue): balance (10,000 proofs)", configuration: configuration) { benchmark in
            let wallet = try WalletBench.requireWallet().wallet
            let balance = try await benchmark.measure { try await wallet.balance() }
            guard balance > 0 else { throw Fixtures.Failure(description: "the synthetic wallet has no balance") }
        } setup: {
            try await WalletBench.openSyntheticWallet(backend)
        } teardown: {
            try await WalletBench.tearDown()
        }

        // Store, secure store and Wallet.open (on a sealing store: handing it the keys, which looks for records still
        // in plaintext); closing a PostgreSQL store is not measured. Sealed PostgreSQL also over the server's unix
        // socket with a `peer` login (Debian's default for a local database): no SCRAM login, whose PBKDF2 of 4,096
        // rounds the client computes at every connection over TCP.
        for overSocket in backend == .postgresSealed ? [false, true] : [false] {
            let name = "store \(backend.rawValue): open\(overSocket ? ", unix socket" : "") (10,000 proofs)"
            Benchmark(name, configuration: configuration) { benchmark in
                let bench = try WalletBench.requireWallet()
                let opened = try await benchmark.measure {
                    try await BenchWallet.open(
                        directory: bench.directory,
                        backend: backend,
                        server: WalletBench.postgres,
                        schema: bench.postgres?.configuration.schema,
                        overSocket: overSocket
                    )
                }
                await opened.close()
            } setup: {
                try await WalletBench.openSyntheticWallet(backend)
            } teardown: {
                try await WalletBench.tearDown()
            }
        }
    }
}

/// What sealing changes, alone: the store reading 2,000 unspent proofs (what a send selects from) and writing 100
/// (what a receive stores), per backend, on synthetic proofs with DLEQ scalars; no wallet operation, no mint.
func storeBackendRecordBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, WalletMetric.cpu, .mallocCountTotal],
        timeUnits: .microseconds,
        units: [WalletMetric.cpu: .count],
        warmupIterations: 5,
        maxDuration: .seconds(5),
        maxIterations: 300
    )
    // One proof's sealed fields: format byte, secret (4 + 64), C (33), DLEQ (1 + 96), no witness, no P2BK key.
    let sealer = RecordSealer(seed: SecureBytes(Array(repeating: 7, count: 64)), generation: 0)
    let fields = [UInt8](repeating: 0x5a, count: 201)
    let context = "proofs:02" + String(repeating: "ab", count: 32)
    let sealed = try! sealer.seal(fields, context: context)
    let sealerConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: 1000,
        maxDuration: .seconds(2),
        maxIterations: 100_000
    )
    Benchmark("store sealer: seal a proof's fields (201 bytes)", configuration: sealerConfiguration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try sealer.seal(fields, context: context)) }
    }
    Benchmark("store sealer: open a proof's fields (201 bytes)", configuration: sealerConfiguration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try sealer.open(sealed, context: context)) }
    }
    for backend in StoreBackend.allCases {
        if backend.isPostgres, BenchPostgres.unavailableReason != nil { continue }
        Benchmark("store \(backend.rawValue): read 2,000 proofs", configuration: configuration) { benchmark in
            let bench = try WalletBench.requireWallet()
            let mint = Fixtures.syntheticMint
            let proofs = try await benchmark.measure {
                try await bench.store.read { tx in try tx.proofs(mintURL: mint, unit: .sat, statuses: [.unspent]) }
            }
            guard proofs.count == 2000 else { throw Fixtures.Failure(description: "read \(proofs.count) proofs") }
        } setup: {
            let bench = try await WalletBench.openWallet(backend)
            WalletBench.wallet = bench
            try await Fixtures.addSynthetic(proofs: 2000, to: bench, withDLEQ: true)
            try await expectStored(bench, sealed: backend.isSealed)
        } teardown: {
            try await WalletBench.tearDown()
        }

        Benchmark("store \(backend.rawValue): add 100 proofs", configuration: configuration) { benchmark in
            let bench = try WalletBench.requireWallet()
            let proofs = try Fixtures.syntheticProofs(100, withDLEQ: true)
            let added = try await benchmark.measure { try await bench.store.write { tx in try tx.addProofs(proofs) } }
            guard added == 100 else { throw Fixtures.Failure(description: "added \(added) proofs") }
        } setup: {
            let bench = try await WalletBench.openWallet(backend)
            WalletBench.wallet = bench
            try await Fixtures.addSynthetic(proofs: 1, to: bench, withDLEQ: true)
        } teardown: {
            try await WalletBench.tearDown()
        }
    }
}

/// Send and receive against the mint, per backend: the same fixtures and configuration as the `wallet …`
/// benchmarks (WalletBenchmarks.swift).
func storeBackendMintBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, WalletMetric.cpu, WalletMetric.requests],
        timeUnits: .milliseconds,
        units: [WalletMetric.cpu: .count, WalletMetric.requests: .count],
        warmupIterations: 2,
        maxDuration: .seconds(20),
        maxIterations: 20
    )
    for backend in StoreBackend.allCases {
        if backend.isPostgres, let reason = BenchPostgres.unavailableReason {
            FileHandle.standardError.write(Data("Skipping store \(backend.rawValue): \(reason)\n".utf8))
            continue
        }
        for (label, options) in [("offline", SendOptions()), ("swap", SendOptions(preferOffline: false))] {
            let name = "store \(backend.rawValue): send 1000 sat from 2,000 proofs (\(label))"
            Benchmark(name, configuration: configuration) { benchmark in
                let bench = try WalletBench.requireWallet()
                let mint = try WalletBench.requireMint().url
                let sent = try await benchmark.measure(requests: bench.counter) {
                    try await bench.wallet.send(amount: 1000, mint: mint, options: options)
                }
                guard sent.swapped == (label == "swap") else {
                    throw Fixtures.Failure(description: "the \(label) send swapped: \(sent.swapped)")
                }
            } setup: {
                try await WalletBench.startMintAndWallet(backend)
                let bench = try WalletBench.requireWallet()
                let mint = try WalletBench.requireMint().url
                let proofs = try await Fixtures.mintProofs(amounts: Fixtures.mixedAmounts(count: 2000), mint: mint)
                try await Fixtures.add(proofs, to: bench, mint: mint)
                try await expectStored(bench, sealed: backend.isSealed)
            } teardown: {
                try await WalletBench.tearDown()
            }
        }

        // 100 proofs of 1 sat without DLEQ; the receive pays a 10 sat fee.
        Benchmark("store \(backend.rawValue): receive 100-proof token", configuration: configuration) { benchmark in
            let bench = try WalletBench.requireWallet()
            guard let token = WalletBench.tokens.popLast() else { throw Fixtures.Failure(description: "out of tokens") }
            let received = try await benchmark.measure(requests: bench.counter) {
                try await bench.wallet.receive(token)
            }
            guard received.amount == 90 else { throw Fixtures.Failure(description: "received \(received.amount)") }
        } setup: {
            try await WalletBench.startMintAndWallet(backend)
            let mint = try WalletBench.requireMint().url
            let count = configuration.warmupIterations + configuration.maxIterations
            WalletBench.tokens = try await Fixtures.oneSatTokens(count, proofs: 100, mint: mint)
        } teardown: {
            try await WalletBench.tearDown()
        }
    }
}

/// Checks that the fixture's proofs are stored as the backend stores them: a store without the wallet's keys (a new
/// one on the same file or schema) reads plaintext proofs and fails on sealed ones.
func expectStored(_ bench: BenchWallet, sealed: Bool) async throws {
    let bare: any WalletStore
    if let postgres = bench.postgres {
        bare = try await PostgresWalletStore(configuration: postgres.configuration)
    } else {
        bare = try SQLiteWalletStore(path: bench.directory.appendingPathComponent("wallet.sqlite").path)
    }
    let readable: Bool
    do {
        _ = try await bare.read { tx in try tx.proofs(mintURL: nil, unit: nil, statuses: [.unspent]) }
        readable = true
    } catch {
        readable = false
    }
    if let bare = bare as? PostgresWalletStore { await bare.close() }
    guard readable == !sealed else {
        throw Fixtures.Failure(
            description:
                "proofs stored \(readable ? "in plaintext" : "sealed"), expected \(sealed ? "sealed" : "plaintext")"
        )
    }
}
