// Benchmark support: the local Nutshell mint (scripts/test-mint/start and stop), or the one scripts/bench/run shares.

// Internals through @testable imports: built with CASHU_ENABLE_TESTING=1 (scripts/bench/run, throughput).
@testable import CashuEngine
@testable import CashuHTTP
@testable import CashuSQLite
import CoreCashu
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The mint the wallet benchmarks talk to.
///
/// `CASHU_BENCH_MINT_URL` (set by scripts/bench/run, which starts one mint for the whole run so that our wallet and
/// Nutshell's are measured against the same one) is used as is; otherwise each benchmark process starts its own
/// mint in its setup and stops it in its teardown. The mint runs with the scripts' defaults: FakeWallet paying at
/// once, input fee 100 ppk, no rate limit.
public struct BenchMint: Sendable {
    public let url: MintURL
    /// Set when this process started the mint (and must stop it).
    public let started: (pid: Int32, directory: String)?

    /// The repository root, from this file's path (Benchmarks/Sources/CashuBenchSupport/BenchMint.swift).
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    public static var venv: URL {
        if let path = ProcessInfo.processInfo.environment["MINT_VENV"] { return URL(fileURLWithPath: path) }
        return repositoryRoot.appendingPathComponent(".venv-mint")
    }

    /// Why mint-backed benchmarks cannot run here, or `nil` when they can.
    public static var unavailableReason: String? {
        if ProcessInfo.processInfo.environment["CASHU_BENCH_MINT_URL"] != nil { return nil }
        let binary = venv.appendingPathComponent("bin/mint").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            return "Nutshell is not installed (\(binary) missing): run scripts/test-mint/install"
        }
        return nil
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// The shared mint, or a new one started with scripts/test-mint/start.
    public static func start() throws -> BenchMint {
        let environment = ProcessInfo.processInfo.environment
        if let shared = environment["CASHU_BENCH_MINT_URL"] {
            return BenchMint(url: try MintURL(shared), started: nil)
        }
        var variables = environment.filter { key, _ in
            !(key.hasPrefix("MINT_") || key.hasPrefix("FAKEWALLET_")) || key == "MINT_VENV"
        }
        variables["MINT_STOP_WITH_PID"] = String(getpid())
        let script = repositoryRoot.appendingPathComponent("scripts/test-mint/start").path
        let result = try Subprocess.run(script, [], environment: variables)
        guard result.status == 0 else {
            throw Failure(description: "scripts/test-mint/start failed (\(result.status)):\n\(result.standardError)")
        }
        var values: [String: String] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        guard let text = values["MINT_URL"], let pid = values["MINT_PID"].flatMap({ Int32($0) }),
            let directory = values["MINT_DIR"]
        else {
            throw Failure(description: "scripts/test-mint/start printed no MINT_URL/MINT_PID/MINT_DIR")
        }
        return BenchMint(url: try MintURL(text), started: (pid, directory))
    }

    /// Stops the mint if this process started it.
    public func stop() {
        guard let started else { return }
        let script = Self.repositoryRoot.appendingPathComponent("scripts/test-mint/stop").path
        _ = try? Subprocess.run(
            script,
            ["\(started.pid)", started.directory],
            environment: ProcessInfo.processInfo.environment
        )
    }
}

/// Runs an executable to completion with output in temporary files (posix_spawn: a mint left running by the start
/// script must hold none of our pipes; see Tests/CoreCashuTests/Support/ScriptRunner.swift).
public enum Subprocess {
    public struct Outcome: Sendable {
        public var status: Int32
        public var standardOutput: String
        public var standardError: String
    }

    public static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cashu-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("stdout").path
        let errPath = scratch.appendingPathComponent("stderr").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        // Close every other open descriptor in the child (the benchmark tool's pipes among them).
        for descriptor in Int32(3)..<1024 where fcntl(descriptor, F_GETFD) != -1 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        // No blocked signals and default handlers in the child, so a mint it starts can be stopped with SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        guard spawned == 0 else {
            throw BenchMint.Failure(description: "cannot start \(path): \(String(cString: strerror(spawned)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchMint.Failure(description: "waitpid failed for \(path)") }
        }
        return Outcome(
            status: status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f),
            standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        )
    }
}
