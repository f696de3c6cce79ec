// Soak (issue 30): the soak's own PostgreSQL server (`scripts/soak --postgres`) — the project's test server, durable,
// with its data directory on the soak's disk, so the full disk refuses the database's writes; started again when a
// full disk has shut it down.

import CashuTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The test PostgreSQL server (scripts/test-postgres) with its cluster on the soak's tmpfs. When the disk is full a
/// table that must grow fails its statement ("could not extend file"); WAL that must grow a new segment makes the
/// server PANIC and restart its backends, and when that restart's recovery meets the full disk too the server shuts
/// down: ``keepRunning(until:)`` starts it again once there is room. Its log is kept off the disk (``log``).
actor SoakPostgres {
    let server: TestPostgres
    /// The server's log, outside the soak's disk (so that nothing it says about a full disk is lost to it), in the
    /// temporary directory, where the server's user can write; copied to ``destination`` when the server stops.
    let log: URL
    let destination: URL
    /// How many times the soak found the server shut down (each counted once, however many starts it took).
    private(set) var outages = 0
    /// How many times the soak started it after one (a start fails while the disk is still full).
    private(set) var startAttempts = 0
    /// The server is down and has not been started again yet.
    private var down = false

    private init(server: TestPostgres, log: URL, destination: URL) {
        self.server = server
        self.log = log
        self.destination = destination
    }

    /// Starts the server with its cluster under `disk` (fsync and synchronous commit on, as a real server: a crash
    /// must not lose a commit the wallet was told of) and WAL kept small; its log ends up in `log`.
    static func start(on disk: SoakDisk, log destination: URL) async throws -> SoakPostgres {
        let server = try await TestPostgres.start(environment: ["TMPDIR": disk.root.path, "PG_DURABLE": "1"])
        let log = FileManager.default.temporaryDirectory
            .appendingPathComponent("cashu-soak-postgres-\(getpid())-\(UUID().uuidString.prefix(8)).log")
        let postgres = SoakPostgres(server: server, log: log, destination: destination)
        // Few WAL segments kept for reuse, so that WAL going on while the disk is full needs a new one soon.
        _ = try await server.psql("ALTER SYSTEM SET min_wal_size = '32MB'")
        _ = try await server.psql("ALTER SYSTEM SET max_wal_size = '96MB'")
        // Started again by the soak, with its log off the soak's disk.
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        if geteuid() == 0 { chown(log.path, postgresUser ?? 0, gid_t(bitPattern: -1)) }
        _ = try await postgres.pgCtl(["-m", "fast", "-w", "-t", "30", "stop"])
        guard await postgres.startServer() else {
            await postgres.stop()
            throw SoakFailure(description: "the soak's PostgreSQL did not start again: see \(destination.path)")
        }
        return postgres
    }

    /// The `postgres` user's uid (the server's, as root: scripts/test-postgres runs it so).
    private static let postgresUser: uid_t? = getpwnam("postgres").map { $0.pointee.pw_uid }

    /// Whether the postmaster runs (`pg_ctl status`).
    func isRunning() async -> Bool {
        (try? await pgCtl(["status"]))?.status == 0
    }

    /// Starts the server when it is not running; whether it runs afterwards.
    @discardableResult
    func ensureRunning() async -> Bool {
        if await isRunning() {
            down = false
            return true
        }
        if !down { outages += 1 }
        down = true
        startAttempts += 1
        guard await startServer() else { return false }
        down = false
        return true
    }

    /// Checks every second until `deadline` that the server runs, starting it again when a full disk shut it down
    /// (a start fails while the disk is still full: the next check tries again).
    func keepRunning(until deadline: ContinuousClock.Instant) async {
        while ContinuousClock.now < deadline {
            try? await Task.sleep(for: .seconds(1))
            await ensureRunning()
        }
    }

    /// Waits until the server runs and answers (settling needs it), for at most `timeout`.
    func waitUntilReady(timeout: Duration = .seconds(120)) async throws {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if await ensureRunning(), (try? await server.psql("SELECT 1")) != nil { return }
            try? await Task.sleep(for: .seconds(1))
        }
        throw SoakFailure(description: "the soak's PostgreSQL did not come back: see \(destination.path)")
    }

    /// WAL goes on while the disk is full: a small record, then a switch to the next segment, a few times, so that
    /// the segments kept for reuse run out and the server must make a new one on the full disk (a PANIC).
    func growWAL() async {
        for _ in 0..<4 {
            let sql = "SELECT pg_logical_emit_message(false, 'cashu-soak', 'wal'); SELECT pg_switch_wal()"
            guard (try? await server.psql(sql)) != nil else { return }
        }
    }

    /// How many PANICs the server's log names (each a crash-restart of every backend).
    func panics() -> Int {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { $0.contains("PANIC:") }.count
    }

    /// Stops the server, removes its cluster, and moves its log to ``destination``.
    func stop() async {
        await server.stop()
        try? FileManager.default.removeItem(at: destination)
        try? FileManager.default.moveItem(at: log, to: destination)
    }

    /// `pg_ctl start` as the test scripts start it, but logging to ``log``.
    private func startServer() async -> Bool {
        let options =
            "-c listen_addresses=127.0.0.1 -p \(server.port) -k \(server.directory) -c max_connections=800"
        let outcome = try? await pgCtl(["-l", log.path, "-w", "-t", "60", "start", "-o", options])
        return outcome?.status == 0
    }

    /// Runs `pg_ctl -D <data> arguments…` as the server's user.
    private func pgCtl(_ arguments: [String]) async throws -> ScriptRunner.Outcome {
        let pgCtl = try TestPostgres.binary("pg_ctl")
        let all = ["-D", "\(server.directory)/data"] + arguments
        let environment = ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8"]
        if geteuid() == 0 {
            return try await ScriptRunner.run(
                "/usr/sbin/runuser", arguments: ["-u", "postgres", "--", pgCtl] + all, environment: environment)
        }
        return try await ScriptRunner.run(pgCtl, arguments: all, environment: environment)
    }
}
