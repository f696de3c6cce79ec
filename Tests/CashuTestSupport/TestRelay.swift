// Test support: a real Nostr relay on loopback (PyPI nostr-relay, from scripts/test-relay), one shared per test
// process, and private ones for tests that stop, kill, restart or restrict theirs.

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A nostr-relay process (gunicorn with a uvicorn worker, SQLite) in a temporary directory, stopped by ``stop()`` or,
/// failing that, by the start script's watchdog (`RELAY_STOP_WITH_PID`) once the test process has ended.
package final class TestRelay: Sendable {
    /// `ws://127.0.0.1:<port>`.
    package let url: String
    package let port: Int
    /// The gunicorn master, leader of the relay's process group.
    package let pid: Int32
    /// The relay's directory (config, log, `$HOME`), removed when it stops.
    package let directory: String
    /// The SQLite database: in ``directory`` unless the start named another file (which then outlives the relay).
    package let database: String
    /// The kinds it accepts (`nil`: all).
    package let allowedKinds: [Int]?

    package static let scripts = TestMint.repositoryRoot.appendingPathComponent("scripts/test-relay")

    private static let installation = Task { () throws -> Void in
        let result = try await ScriptRunner.run(
            scripts.appendingPathComponent("install").path, environment: ProcessInfo.processInfo.environment)
        guard result.status == 0 else {
            throw TestMint.StartFailure(description: "scripts/test-relay/install failed:\n\(result.standardError)")
        }
    }
    private static let sharedRelay = Task { try await TestRelay.start() }

    /// The process's relay, shared by every test, started on first use (about 2 s).
    package static var shared: TestRelay {
        get async throws { try await sharedRelay.value }
    }

    private init(values: [String: String], allowedKinds: [Int]?) throws {
        guard let url = values["RELAY_URL"], let port = values["RELAY_PORT"].flatMap({ Int($0) }),
            let pid = values["RELAY_PID"].flatMap({ Int32($0) }), let directory = values["RELAY_DIR"],
            let database = values["RELAY_DATABASE"]
        else { throw TestMint.StartFailure(description: "scripts/test-relay/start printed no RELAY_* lines") }
        self.url = url
        self.port = port
        self.pid = pid
        self.directory = directory
        self.database = database
        self.allowedKinds = allowedKinds
    }

    /// Installs nostr-relay (once per process) and starts a relay of the test's own.
    /// - Parameters:
    ///   - port: where it listens (e.g. from ``TestPort/reserve()``, to restart it there); `nil`: a free port.
    ///   - database: an SQLite file that outlives the relay (for ``restart()``); `nil`: one in its directory.
    ///   - allowedKinds: refuse events of any other kind (`OK` false, `invalid: kind=N not allowed`); `nil`: none.
    package static func start(port: Int? = nil, database: String? = nil, allowedKinds: [Int]? = nil) async throws
        -> TestRelay
    {
        try await installation.value
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RELAY_") }
        environment["RELAY_STOP_WITH_PID"] = String(getpid())
        if let port { environment["RELAY_PORT"] = String(port) }
        if let database { environment["RELAY_DATABASE"] = database }
        if let allowedKinds {
            environment["RELAY_ALLOWED_KINDS"] = allowedKinds.map(String.init).joined(separator: ",")
        }
        let result = try await ScriptRunner.run(scripts.appendingPathComponent("start").path, environment: environment)
        guard result.status == 0 else {
            throw TestMint.StartFailure(description: "scripts/test-relay/start failed:\n\(result.standardError)")
        }
        do {
            return try TestRelay(values: result.assignments, allowedKinds: allowedKinds)
        } catch {
            // Started, but its lines did not parse: it must not outlive the failure.
            let values = result.assignments
            if let pid = values["RELAY_PID"], let directory = values["RELAY_DIR"] {
                _ = try? await ScriptRunner.run(
                    scripts.appendingPathComponent("stop").path, arguments: [pid, directory],
                    environment: ProcessInfo.processInfo.environment)
            }
            throw error
        }
    }

    /// A relay on a reserved port with its database outside its directory, so ``restart()`` brings the same relay
    /// back where it was.
    package static func startRestartable(allowedKinds: [Int]? = nil) async throws -> TestRelay {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("cashu-test-relay-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Removed by ``removeDatabase()``, or else once the test process has ended.
        _ = try? await ScriptRunner.run(
            "/usr/bin/setsid",
            arguments: [
                "--fork", "/bin/sh", "-c", #"while kill -0 "$1" 2>/dev/null; do sleep 1; done; rm -rf "$2""#,
                "test-relay-db-watchdog", String(getpid()), directory.path,
            ],
            environment: ProcessInfo.processInfo.environment)
        let database = directory.appendingPathComponent("nostr.sqlite3").path
        do {
            return try await start(port: try TestPort.reserve(), database: database, allowedKinds: allowedKinds)
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Kills it at once (SIGKILL to its process group), as a crash would, and removes its directory.
    package func kill() async {
        _ = Glibc.kill(-pid, SIGKILL)
        await removeDirectory()
    }

    /// Starts it again (after ``kill()`` or ``stop()``) on the same port, with the same database and settings.
    package func restart() async throws -> TestRelay {
        try await Self.start(port: port, database: database, allowedKinds: allowedKinds)
    }

    /// Stops it and removes its directory; a database outside it is removed by ``removeDatabase()``. A test relay
    /// needs no graceful end (gunicorn's takes ~3 s): it is killed, as ``kill()`` does.
    package func stop() async { await kill() }

    /// scripts/test-relay/stop: ends whatever is left of the process group and removes the directory.
    private func removeDirectory() async {
        _ = try? await ScriptRunner.run(
            Self.scripts.appendingPathComponent("stop").path, arguments: [String(pid), directory],
            environment: ProcessInfo.processInfo.environment)
    }

    /// Removes a database that outlives the relay (one given to ``start(port:database:allowedKinds:)``) with its
    /// SQLite side files, and the directory ``startRestartable(allowedKinds:)`` made for it.
    package func removeDatabase() {
        guard !database.hasPrefix(directory + "/") else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: database + suffix)
        }
        let parent = URL(fileURLWithPath: database).deletingLastPathComponent()
        if parent.lastPathComponent.hasPrefix("cashu-test-relay-db-") {
            try? FileManager.default.removeItem(at: parent)
        }
    }
}
