// Benchmark support: the PostgreSQL server the PostgreSQL benchmarks use (scripts/test-postgres/start and stop), or
// one given in CASHU_BENCH_PG_URL.

@testable import CashuPostgres
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

/// A PostgreSQL server for wallets in schemas of their own.
///
/// `CASHU_BENCH_PG_URL` (`postgres://user:password@host:port/database`, no query) is used as is; otherwise a fresh
/// cluster is started with scripts/test-postgres/start with `PG_DURABLE=1`: fsync and synchronous commit on, as a
/// real server has them, so a commit waits for the disk as the SQLite store's (`synchronous = FULL`) does, and with
/// `PG_PEER=1`: its unix socket takes `peer` logins (Debian's default for local connections). It stops with `stop()`,
/// or when this process ends (the script's watchdog).
public struct BenchPostgres: Sendable {
    /// The server's URL without a query: TCP on loopback, a SCRAM login.
    public let url: String
    /// The server's unix socket, a `peer` login (no password), as a URL with a query (`CASHU_BENCH_PG_SOCKET_URL` with
    /// a shared server); `nil` when unknown.
    public let socketURL: String?
    /// The cluster's directory when this process started the server (and must stop it).
    public let startedDirectory: String?

    /// Why the PostgreSQL benchmarks cannot run here, or `nil` when they can.
    public static var unavailableReason: String? {
        if ProcessInfo.processInfo.environment["CASHU_BENCH_PG_URL"] != nil { return nil }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard
            versions.contains(where: {
                FileManager.default.isExecutableFile(atPath: "/usr/lib/postgresql/\($0)/bin/initdb")
            })
        else { return "PostgreSQL's server is not installed (apt-get install postgresql)" }
        return nil
    }

    /// The shared server, or a new one.
    public static func start() throws -> BenchPostgres {
        var environment = ProcessInfo.processInfo.environment
        if let shared = environment["CASHU_BENCH_PG_URL"] {
            return BenchPostgres(
                url: shared, socketURL: environment["CASHU_BENCH_PG_SOCKET_URL"], startedDirectory: nil)
        }
        environment["PG_STOP_WITH_PID"] = String(getpid())
        environment["PG_DURABLE"] = "1"
        environment["PG_PEER"] = "1"
        let script = BenchMint.repositoryRoot.appendingPathComponent("scripts/test-postgres/start").path
        let result = try Subprocess.run(script, [], environment: environment)
        guard result.status == 0 else {
            throw BenchMint.Failure(
                description: "scripts/test-postgres/start failed (\(result.status)):\n\(result.standardError)"
            )
        }
        var values: [String: String] = [:]
        for line in result.standardOutput.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            // PG_SOCKET_URL is single-quoted (its query holds `&`, for the shell's eval).
            if parts.count == 2 {
                values[String(parts[0])] = String(parts[1]).trimmingCharacters(in: CharacterSet(charactersIn: "'"))
            }
        }
        guard let url = values["PG_URL"], let directory = values["PG_DIR"] else {
            throw BenchMint.Failure(description: "scripts/test-postgres/start printed no PG_URL/PG_DIR")
        }
        return BenchPostgres(url: url, socketURL: values["PG_SOCKET_URL"], startedDirectory: directory)
    }

    /// A new schema name (the store creates it on open).
    public static func freshSchema(_ prefix: String = "bench") -> String {
        prefix + "_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
    }

    /// The store configuration of `schema` on this server: over TCP (no TLS on loopback), or over the unix socket.
    public func configuration(schema: String, overSocket: Bool = false) throws -> PostgresStoreConfiguration {
        guard overSocket else {
            return try PostgresStoreConfiguration(url: "\(url)?schema=\(schema)&sslmode=disable&connect_timeout=30")
        }
        guard let socketURL else { throw BenchMint.Failure(description: "no unix socket URL for this server") }
        return try PostgresStoreConfiguration(url: "\(socketURL)&schema=\(schema)&connect_timeout=30")
    }

    /// `VACUUM ANALYZE` of every table this user owns, through psql: after a bulk insert, so autovacuum does not do it
    /// during the measurement and the planner has statistics, as on a wallet that has held its proofs a while.
    public func vacuumAnalyze() throws {
        let result = try Subprocess.run(
            "/usr/bin/env", ["psql", "-X", "-q", url, "-c", "VACUUM ANALYZE"],
            environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else {
            throw BenchMint.Failure(description: "VACUUM ANALYZE failed (\(result.status)):\n\(result.standardError)")
        }
    }

    /// Stops the server if this process started it.
    public func stop() {
        guard let startedDirectory else { return }
        let script = BenchMint.repositoryRoot.appendingPathComponent("scripts/test-postgres/stop").path
        _ = try? Subprocess.run(script, [startedDirectory], environment: ProcessInfo.processInfo.environment)
    }
}
