// Wallet engine benchmarks: balance and open on a 10,000-proof store; mint, receive, send, restore against a mint
// (the split receive of a 2,500-proof token: SplitReceiveBenchmarks.swift).

import Benchmark
import CashuBenchSupport
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

/// What a benchmark's setup prepares for its iterations. package-benchmark runs every benchmark in a process of its
/// own, one iteration at a time, so plain statics are enough.
enum WalletBench {
    nonisolated(unsafe) static var mint: BenchMint?
    nonisolated(unsafe) static var wallet: BenchWallet?
    nonisolated(unsafe) static var directory: URL?
    nonisolated(unsafe) static var tokens: [String] = []
    nonisolated(unsafe) static var mnemonic: Mnemonic?
    nonisolated(unsafe) static var postgres: BenchPostgres?

    static func requireWallet() throws -> BenchWallet {
        guard let wallet else { throw Fixtures.Failure(description: "setup made no wallet") }
        return wallet
    }

    static func requireMint() throws -> BenchMint {
        guard let mint else { throw Fixtures.Failure(description: "setup started no mint") }
        return mint
    }

    /// Starts (or joins) the mint and opens a wallet on `backend` that knows it.
    static func startMintAndWallet(_ backend: StoreBackend = .sqliteSealed) async throws {
        let mint = try BenchMint.start()
        self.mint = mint
        let wallet = try await openWallet(backend)
        _ = try await wallet.wallet.addMint(mint.url)
        self.wallet = wallet
    }

    /// Opens a new wallet on `backend`, starting (or joining) the PostgreSQL server first when it needs one.
    static func openWallet(_ backend: StoreBackend) async throws -> BenchWallet {
        if backend.isPostgres, postgres == nil { postgres = try BenchPostgres.start() }
        return try await BenchWallet.open(backend: backend, server: postgres)
    }

    /// Opens a new wallet on `backend` holding 10,000 synthetic proofs as the benchmark's wallet.
    static func openSyntheticWallet(_ backend: StoreBackend) async throws {
        let bench = try await openWallet(backend)
        wallet = bench
        try await Fixtures.addSynthetic(proofs: 10_000, to: bench)
    }

    static func tearDown() async throws {
        await wallet?.close()
        wallet?.remove()
        wallet = nil
        postgres?.stop()
        postgres = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
        directory = nil
        mint?.stop()
        mint = nil
    }
}

func walletBenchmarks() {
    storeBenchmarks()
    storeBackendBenchmarks()
    storeBackendRecordBenchmarks()
    if let reason = BenchMint.unavailableReason {
        FileHandle.standardError.write(Data("Skipping the wallet benchmarks that need a mint: \(reason)\n".utf8))
        return
    }
    mintBackedBenchmarks()
    splitReceiveBenchmarks()
    storeBackendMintBenchmarks()
    sendScaleBenchmarks()
}

/// Balance and open: a store pre-populated with synthetic proofs, no mint.
private func storeBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, WalletMetric.cpu, .mallocCountTotal],
        timeUnits: .microseconds,
        units: [WalletMetric.cpu: .count],
        warmupIterations: 5,
        maxDuration: .seconds(3),
        maxIterations: 2000
    )
    let prepare: Benchmark.BenchmarkSetupHook = {
        let directory = try await Fixtures.syntheticWallet(proofs: 10_000)
        WalletBench.directory = directory
        WalletBench.wallet = try await BenchWallet.open(directory: directory)
    }

    Benchmark("wallet balance (10,000 proofs)", configuration: configuration) { benchmark in
        let wallet = try WalletBench.requireWallet().wallet
        let balance = try await benchmark.measure { try await wallet.balance() }
        guard balance > 0 else { throw Fixtures.Failure(description: "the synthetic wallet has no balance") }
    } setup: {
        try await prepare()
    } teardown: {
        try await WalletBench.tearDown()
    }

    Benchmark("wallet open (10,000 proofs)", configuration: configuration) { benchmark in
        guard let directory = WalletBench.directory else { throw Fixtures.Failure(description: "no wallet") }
        let opened = try await benchmark.measure { try await BenchWallet.open(directory: directory) }
        blackHole(opened)
    } setup: {
        try await prepare()
    } teardown: {
        try await WalletBench.tearDown()
    }
}

/// Operations against a real Nutshell mint (FakeWallet, input fee 100 ppk).
private func mintBackedBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, WalletMetric.cpu, WalletMetric.requests],
        timeUnits: .milliseconds,
        units: [WalletMetric.cpu: .count, WalletMetric.requests: .count],
        warmupIterations: 2,
        maxDuration: .seconds(20),
        maxIterations: 20
    )

    Benchmark("wallet mint 1000 sat", configuration: configuration) { benchmark in
        let bench = try WalletBench.requireWallet()
        let mint = try WalletBench.requireMint().url
        let minted = try await benchmark.measure(requests: bench.counter) {
            let quote = try await bench.wallet.requestMintQuote(amount: 1000, mint: mint)
            _ = try await bench.wallet.waitForMintQuote(quote.id, timeout: .seconds(20))
            return try await bench.wallet.mint(quoteID: quote.id)
        }
        guard minted.amount == 1000 else { throw Fixtures.Failure(description: "minted \(minted.amount)") }
    } setup: {
        try await WalletBench.startMintAndWallet()
    } teardown: {
        try await WalletBench.tearDown()
    }

    // 100 proofs of 1 sat without DLEQ (how Nutshell sends by default); the receive pays a 10 sat fee.
    Benchmark("wallet receive 100-proof token", configuration: configuration) { benchmark in
        let bench = try WalletBench.requireWallet()
        guard let token = WalletBench.tokens.popLast() else { throw Fixtures.Failure(description: "out of tokens") }
        let received = try await benchmark.measure(requests: bench.counter) { try await bench.wallet.receive(token) }
        guard received.amount == 90 else { throw Fixtures.Failure(description: "received \(received.amount)") }
    } setup: {
        try await WalletBench.startMintAndWallet()
        let mint = try WalletBench.requireMint().url
        let count = configuration.warmupIterations + configuration.maxIterations
        WalletBench.tokens = try await Fixtures.oneSatTokens(count, proofs: 100, mint: mint)
    } teardown: {
        try await WalletBench.tearDown()
    }

    for (label, options) in [("offline", SendOptions()), ("swap", SendOptions(preferOffline: false))] {
        Benchmark("wallet send 1000 sat from 2,000 proofs (\(label))", configuration: configuration) { benchmark in
            let bench = try WalletBench.requireWallet()
            let mint = try WalletBench.requireMint().url
            let sent = try await benchmark.measure(requests: bench.counter) {
                try await bench.wallet.send(amount: 1000, mint: mint, options: options)
            }
            guard sent.swapped == (label == "swap") else {
                throw Fixtures.Failure(description: "the \(label) send swapped: \(sent.swapped)")
            }
        } setup: {
            try await WalletBench.startMintAndWallet()
            let bench = try WalletBench.requireWallet()
            let mint = try WalletBench.requireMint().url
            let proofs = try await Fixtures.mintProofs(amounts: Fixtures.mixedAmounts(count: 2000), mint: mint)
            try await Fixtures.add(proofs, to: bench, mint: mint)
            try await expectStored(bench, sealed: true)
        } teardown: {
            try await WalletBench.tearDown()
        }
    }

    // A fresh wallet restores 200 proofs its mnemonic minted (NUT-13 counters 0…199); opening it is not measured.
    Benchmark("wallet restore (200 proofs)", configuration: configuration) { benchmark in
        let mint = try WalletBench.requireMint().url
        let restoring = try await BenchWallet.open(mnemonic: WalletBench.mnemonic)
        defer { restoring.remove() }
        _ = try await restoring.wallet.addMint(mint)
        let restored = try await benchmark.measure(requests: restoring.counter) {
            try await restoring.wallet.restore(mint: mint)
        }
        guard restored.proofCount == 200 else { throw Fixtures.Failure(description: "restored \(restored.proofCount)") }
    } setup: {
        WalletBench.mint = try BenchMint.start()
        let mnemonic = Mnemonic()
        WalletBench.mnemonic = mnemonic
        _ = try await Fixtures.mintProofs(
            amounts: Fixtures.mixedAmounts(count: 200),
            mint: try WalletBench.requireMint().url,
            deterministic: try DeterministicSecrets(mnemonic: mnemonic)
        )
    } teardown: {
        try await WalletBench.tearDown()
    }
}
