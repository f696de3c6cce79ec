// Opening a wallet's passphrase-encrypted secure store, as every command does: with the passphrase (the KDF runs:
// scrypt N = 2^17, r = 8) and with the key `cashu unlock` kept in the kernel keyring (no KDF).

import Benchmark
// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation
@testable import LinuxCashu
import Logging

func secureStoreBenchmarks() {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-bench-\(UUID().uuidString)")
    let passphrase = SecureBytes(Array("benchmark passphrase".utf8))
    let logger = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(5),
        maxIterations: 20)

    func open(_ passphrase: SecureBytes?) async throws -> SecureStoreSelection {
        try await SecureStoreFactory.make(
            directory: directory, passphrase: passphrase, preferred: passphrase == nil ? nil : .encryptedFile,
            logger: logger)
    }

    Benchmark("secure store open: passphrase (scrypt 2^17)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try await open(passphrase)) }
    } setup: {
        try await open(passphrase).store.save(SecureBytes([1]), key: "bench")
    }
    Benchmark("secure store open: unlocked (kernel keyring)", configuration: configuration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try await open(nil)) }
    } setup: {
        try await open(passphrase).store.save(SecureBytes([1]), key: "bench")
        _ = try await WalletUnlock.unlock(directory: directory, passphrase: passphrase, for: .seconds(600))
    } teardown: {
        _ = try? WalletUnlock.lock(directory: directory)
        try? FileManager.default.removeItem(at: directory)
    }
}
