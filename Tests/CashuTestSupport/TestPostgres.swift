// Test support: a real PostgreSQL server on loopback (Debian's), one per test process, from scripts/test-postgres.

import Foundation

/// A fresh PostgreSQL cluster in a temporary directory, started on first use and stopped by the start script's
/// watchdog (`PG_STOP_WITH_PID`) once the test process has ended, however it ends.
package struct TestPostgres: Sendable {
    /// The server could not be started.
    package struct StartFailure: Error, CustomStringConvertible {
        package var description: String
    }

    /// `postgres://cashu:<password>@127.0.0.1:<port>/cashu`.
    package let url: String
    package let host: String
    package let port: Int
    /// The directory of the unix socket (`.s.PGSQL.<port>`).
    package let socketDirectory: String
    package let user: String
    package let password: String
    package let database: String
    /// The cluster's directory (data, server log), removed when the server stops.
    package let directory: String
    /// The CA that signed the server's certificate (for 127.0.0.1 and localhost), when TLS is on (`PG_SSL`).
    package let caFile: String?

    package static let scripts = TestMint.repositoryRoot.appendingPathComponent("scripts/test-postgres")

    private static let sharedServer = Task { try await TestPostgres.start() }
    private static let sharedTLSServer = Task {
        try await TestPostgres.start(environment: ["PG_SSL": "required", "PG_LISTEN": "127.0.0.2"])
    }

    /// The process's server, started on first use (about 2 s).
    package static var shared: TestPostgres {
        get async throws { try await sharedServer.value }
    }

    /// The process's TLS server, started on first use: TCP logins only over TLS (pg_hba `hostssl`), its certificate
    /// (signed by ``caFile``) naming 127.0.0.1 and localhost; it also listens on 127.0.0.2, which the certificate
    /// does not name.
    package static var sharedTLS: TestPostgres {
        get async throws { try await sharedTLSServer.value }
    }

    /// `url` with query parameters appended (`schema=...`, `sslmode=...`).
    package func url(_ parameters: String) -> String { url + "?" + parameters }

    /// A schema name no other test uses.
    package static func freshSchema() -> String {
        "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
    }

    /// Runs `psql` against the test database (as the test user), returning its output; for checks from outside the
    /// store (row counts, `pg_dump`-like reads).
    package func psql(_ sql: String) async throws -> String {
        let binary = try Self.binary("psql")
        var environment = ProcessInfo.processInfo.environment
        environment["PGPASSWORD"] = password
        let result = try await ScriptRunner.run(
            binary, arguments: ["-X", "-q", "-A", "-t", "-h", host, "-p", String(port), "-U", user, "-d", database,
                "-c", sql],
            environment: environment)
        guard result.status == 0 else { throw StartFailure(description: "psql failed: \(result.standardError)") }
        return result.standardOutput
    }

    /// A program from the newest installed PostgreSQL (`/usr/lib/postgresql/<n>/bin`).
    package static func binary(_ name: String) throws -> String {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        for version in versions.sorted(by: { Int($0) ?? 0 > Int($1) ?? 0 }) {
            let path = "\(root)/\(version)/bin/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw StartFailure(description: "PostgreSQL is not installed (no \(name)): run scripts/bootstrap")
    }

    /// Starts a server of the test's own, which ``stop()`` (or, failing that, the end of the test process) stops.
    /// - Parameter environment: the start script's options: `PG_SSL`, `PG_LISTEN`, `PG_ALLOW`, `PG_MAX_CONNECTIONS`.
    package static func start(environment extra: [String: String] = [:]) async throws -> TestPostgres {
        // Only the test asks for TLS or other addresses; PG_START_TIMEOUT and the like still come from the shell.
        let options: Set = ["PG_SSL", "PG_LISTEN", "PG_ALLOW"]
        var environment = ProcessInfo.processInfo.environment.filter { !options.contains($0.key) }
        environment.merge(extra) { _, new in new }
        environment["PG_STOP_WITH_PID"] = String(getpid())
        let result = try await ScriptRunner.run(
            scripts.appendingPathComponent("start").path, environment: environment)
        guard result.status == 0 else {
            throw StartFailure(
                description: "scripts/test-postgres/start failed (\(result.status)):\n\(result.standardError)")
        }
        let values = result.assignments
        guard let url = values["PG_URL"], let host = values["PG_HOST"], let portText = values["PG_PORT"],
            let port = Int(portText), let socket = values["PG_SOCKET_DIR"], let user = values["PG_USER"],
            let password = values["PG_PASSWORD"], let database = values["PG_DATABASE"], let directory = values["PG_DIR"]
        else {
            throw StartFailure(description: "scripts/test-postgres/start printed no PG_URL/PG_PORT/... lines")
        }
        return TestPostgres(
            url: url, host: host, port: port, socketDirectory: socket, user: user, password: password,
            database: database, directory: directory, caFile: values["PG_CA_FILE"])
    }

    /// Stops the server and removes its directory (scripts/test-postgres/stop).
    package func stop() async {
        _ = try? await ScriptRunner.run(
            Self.scripts.appendingPathComponent("stop").path, arguments: [directory],
            environment: ProcessInfo.processInfo.environment)
    }
}
